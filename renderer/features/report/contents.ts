import type { ReportContent } from '../../../model/report';

/** One entry of the report's table of contents: the section's anchor and title. */
export type ContentsEntry = { readonly id: string; readonly title: string };

/** The letter of build `i` (A, B, …), as the appendices and the decision page name builds. */
export function buildLetter(i: number): string {
  return String.fromCharCode(65 + (i % 26));
}

/**
 * The report's table of contents, in document order: the sections the document has (the
 * analysis and finance sections only when they have content), then one appendix per build.
 */
export function reportContents(
  content: ReportContent,
  has: { readonly analysis: boolean; readonly finance: boolean },
): ContentsEntry[] {
  return [
    { id: 'report-summary', title: 'Executive summary' },
    { id: 'report-charts', title: 'Charts' },
    ...(has.analysis ? [{ id: 'report-analysis', title: 'Sensitivity and uncertainty' }] : []),
    ...(has.finance
      ? [{ id: 'report-finance', title: 'Finance: own vs cloud, cash flow by year' }]
      : []),
    { id: 'report-comparison', title: 'Comparison table' },
    { id: 'report-assumptions', title: 'Assumptions' },
    { id: 'report-references', title: 'References' },
    { id: 'report-methodology', title: 'Methodology' },
    ...content.appendices.map((a, i) => ({
      id: `report-appendix-${i}`,
      title: `Appendix ${buildLetter(i)}: ${a.name}`,
    })),
  ];
}
