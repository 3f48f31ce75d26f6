import { describe, expect, it } from 'vitest';
import { parseHandoff } from '../../../renderer/features/report/handoff';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  electronPdfOptions,
  pdfHeaderTemplate,
  playwrightPdfOptions,
  reportPdfTitle,
  reportReadySelector,
} from '../../../model/report';

describe('report hand-off (CLI → print view)', () => {
  it('reads scenarios, date, paper, baseline, objective and request id', () => {
    const h = parseHandoff({
      scenarios: [{ id: 's1', doc: { name: 'A' } }],
      date: '2026-11-22',
      paper: 'letter',
      baselineId: 's1',
      requestId: 'r7',
      objective: 'tco_usd',
    });
    expect(h).toEqual({
      scenarios: [{ id: 's1', doc: { name: 'A' } }],
      date: '2026-11-22',
      paper: 'letter',
      baselineId: 's1',
      objective: 'tco_usd',
      requestId: 'r7',
    });
    // An objective that is not one of the report's objectives reads as none stated.
    expect(
      parseHandoff({ scenarios: [{ id: 'a', doc: {} }], date: 'd', objective: 'name' })?.objective,
    ).toBeNull();
    expect(parseHandoff(undefined)).toBeNull();
    expect(parseHandoff({ scenarios: [{ id: 'a', doc: {} }], date: 'd', paper: 'a0' })?.paper).toBe(
      'a4',
    );
  });

  it('names the field that is wrong', () => {
    expect(() => parseHandoff([])).toThrow(/must be an object/);
    expect(() => parseHandoff({ scenarios: [], date: 'd' })).toThrow(
      /scenarios: must be a non-empty/,
    );
    expect(() => parseHandoff({ scenarios: [{ id: 1, doc: {} }], date: 'd' })).toThrow(
      /scenarios\[0\]/,
    );
    expect(() => parseHandoff({ scenarios: [{ id: 'a', doc: {} }], date: '' })).toThrow(/date/);
  });
});

describe('PDF page setup', () => {
  it('has the paper size, page numbers and the escaped title', () => {
    const a4 = playwrightPdfOptions('a4', 'R&D <report>');
    expect(a4.format).toBe('A4');
    expect(playwrightPdfOptions('letter').format).toBe('Letter');
    expect(a4.displayHeaderFooter).toBe(true);
    expect(a4.footerTemplate).toContain('class="pageNumber"');
    expect(a4.footerTemplate).toContain('class="totalPages"');
    expect(a4.headerTemplate).toContain('R&#38;D &#60;report&#62;');
    expect(pdfHeaderTemplate('<script>')).not.toContain('<script>');
  });

  it('gives the desktop shell the same page as the CLI (paper, margins, header with the date, page numbers)', () => {
    const title = reportPdfTitle('2026-11-27');
    expect(title).toBe('ClusterPlan comparison report · 2026-11-27');
    for (const paper of ['a4', 'letter'] as const) {
      const cli = playwrightPdfOptions(paper, title);
      const desktop = electronPdfOptions(paper, title);
      expect(desktop.pageSize).toBe(cli.format);
      expect(desktop.headerTemplate).toBe(cli.headerTemplate);
      expect(desktop.footerTemplate).toBe(cli.footerTemplate);
      expect(desktop.headerTemplate).toContain('2026-11-27');
      // Electron takes inches, Playwright CSS lengths: the same millimetres.
      for (const side of ['top', 'bottom', 'left', 'right'] as const) {
        expect(desktop.margins[side] * 25.4).toBeCloseTo(parseFloat(cli.margin[side]), 9);
      }
    }
    // main.ts prints with these options, not a copy of them.
    const main = readFileSync(path.resolve(__dirname, '../../../electron/main.ts'), 'utf8');
    expect(main).toMatch(/printToPDF\(\s*electronPdfOptions\(/);
    expect(main).not.toMatch(/headerTemplate:/);
    // …and gives the page the report's title while it prints (the PDF's Title metadata).
    expect(main).toMatch(/setPageTitle\(title\);[\s\S]*printToPDF\(/);
  });

  it('waits for the marker of one request', () => {
    expect(reportReadySelector('r2')).toBe('[data-report-ready="true"][data-report-request="r2"]');
    expect(reportReadySelector('a"b')).not.toContain('a"b');
  });
});
