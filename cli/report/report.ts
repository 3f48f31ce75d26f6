/**
 * `report FILE.json... --pdf OUT.pdf [--xlsx OUT.xlsx] [--csv OUT.csv] [--paper a4|letter]`:
 * the comparison report of the scenarios in the files (the same print view as the app's
 * Report screen, as PDF; the XLSX workbook and the comparison CSV).
 */
import { evaluate } from '../../model/evaluate';
import { accuracyTable, buildReport, comparisonCsv } from '../../model/report';
import type { ReportContent, ReportScenario } from '../../model/report';
import { formatScenarioIssues, inUserWords, parseScenario } from '../../model/scenario';
import {
  isPaper,
  isReportObjective,
  REPORT_OBJECTIVE_IDS,
  reportWorkbook,
  type Paper,
} from '../../model/report';
import { writeXlsx } from './xlsxWriter';
import { launchPdfRenderer, type PdfRenderer } from './pdf';

export const REPORT_USAGE =
  'report FILE.json... --pdf OUT.pdf [--xlsx OUT.xlsx] [--csv OUT.csv] [--paper a4|letter] [--objective METRIC] [--baseline N]';

/** One scenario document read from a file, with where it came from. */
export type LoadedDoc = { readonly id: string; readonly doc: unknown; readonly origin: string };

/** The documents of one file (as `readScenarioFile` returns them), named by where they came from. */
export function docsOfDocuments(documents: readonly unknown[], file: string): LoadedDoc[] {
  if (documents.length === 1) return [{ id: '', doc: documents[0], origin: file }];
  return documents.map((doc, i) => ({ id: '', doc, origin: `${file} scenarios[${i}]` }));
}

/** Parse and evaluate the documents; throws naming the file and field of the first problem. */
export function reportScenarios(docs: readonly LoadedDoc[]): ReportScenario[] {
  return docs.map((d, i) => {
    const r = parseScenario(d.doc);
    if (!r.ok) throw new Error(`${d.origin}: invalid scenario:\n${formatScenarioIssues(r.issues)}`);
    let result;
    try {
      result = evaluate(r.scenario);
    } catch (e) {
      throw new Error(`${d.origin}: ${e instanceof Error ? e.message : String(e)}`);
    }
    return {
      id: `s${i + 1}`,
      name: r.scenario.name.trim() === '' ? `Scenario ${i + 1}` : r.scenario.name,
      doc: d.doc,
      scenario: r.scenario,
      result,
    };
  });
}

/** Today's date (local), YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type ReportOutputs = {
  readonly pdf: string | null;
  readonly xlsx: string | null;
  readonly csv: string | null;
  readonly paper: Paper;
  /** The stated objective (a metric id of REPORT_OBJECTIVE_IDS), or null: a neutral ranking. */
  readonly objective: string | null;
  /** The baseline, 1-based position among the scenarios (default 1). */
  readonly baseline: number;
};

/** Check the output options; returns an error message or the outputs. */
export function reportOutputs(values: Readonly<Record<string, string>>): ReportOutputs | string {
  const paper = values['paper'] ?? 'a4';
  if (!isPaper(paper)) return `--paper: must be a4 or letter, not "${paper}"`;
  const objective = values['objective'] ?? null;
  if (objective !== null && !isReportObjective(objective)) {
    return `--objective: must be one of ${REPORT_OBJECTIVE_IDS.join(', ')}, not "${objective}"`;
  }
  const baselineText = values['baseline'] ?? '1';
  const baseline = Number(baselineText);
  if (!/^[1-9][0-9]{0,3}$/.test(baselineText)) {
    return `--baseline: must be the position of a scenario (1, 2, …), not "${baselineText}"`;
  }
  const out = {
    pdf: values['pdf'] ?? null,
    xlsx: values['xlsx'] ?? null,
    csv: values['csv'] ?? null,
    paper,
    objective,
    baseline,
  };
  if (out.pdf === null && out.xlsx === null && out.csv === null) {
    return 'give at least one of --pdf, --xlsx, --csv';
  }
  return out;
}

/** Build the content the XLSX and CSV are written from. */
export function reportContent(
  scenarios: readonly ReportScenario[],
  date: string,
  version: string,
): ReportContent {
  return buildReport(scenarios, {
    date,
    appVersion: version,
    accuracy: accuracyTable(),
    // Warnings in the editor's words (the field's label and section), as the app's report has.
    describeWarning: inUserWords,
  });
}

/** Write the requested outputs. The PDF needs Chromium and the built renderer. */
export async function writeReport(
  scenarios: readonly ReportScenario[],
  outputs: ReportOutputs,
  options: {
    readonly date: string;
    readonly appVersion: string;
    readonly writeFile: (path: string, data: string | Uint8Array) => void;
    readonly renderer?: PdfRenderer;
  },
): Promise<string[]> {
  const written: string[] = [];
  const baseline = scenarios[outputs.baseline - 1];
  if (!baseline) {
    throw new Error(
      `--baseline: ${outputs.baseline} is past the last of the ${scenarios.length} scenarios`,
    );
  }
  if (outputs.xlsx !== null || outputs.csv !== null) {
    const content = reportContent(scenarios, options.date, options.appVersion);
    if (outputs.csv !== null) {
      options.writeFile(outputs.csv, comparisonCsv(content));
      written.push(outputs.csv);
    }
    if (outputs.xlsx !== null) {
      options.writeFile(outputs.xlsx, await reportWorkbook(content, writeXlsx));
      written.push(outputs.xlsx);
    }
  }
  if (outputs.pdf !== null) {
    const renderer = options.renderer ?? (await launchPdfRenderer());
    try {
      const bytes = await renderer.render({
        scenarios: scenarios.map((s) => ({ id: s.id, doc: s.doc })),
        date: options.date,
        paper: outputs.paper,
        baselineId: baseline.id,
        objective: outputs.objective,
      });
      options.writeFile(outputs.pdf, bytes);
      written.push(outputs.pdf);
    } finally {
      if (!options.renderer) await renderer.close();
    }
  }
  return written;
}
