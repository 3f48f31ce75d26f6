import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { playwrightPdfOptions, REPORT_READY_SELECTOR } from '../model/report/pdfOptions';
import { expect, expectNoA11yViolations, SCREENSHOT_DIR, test } from './fixtures';
import { openScreen } from './pages';
import { inspectPdf, PDF_DIR } from './pdf';

/** Page model of Report & export. */
function reportPage(page: Page) {
  return {
    doc: page.getByTestId('report-doc'),
    ready: page.locator(REPORT_READY_SELECTOR),
    exportPdf: page.getByRole('button', { name: 'Export PDF' }),
    exportXlsx: page.getByRole('button', { name: 'Export XLSX' }),
    exportCsv: page.getByRole('button', { name: 'Export CSV' }),
    paper: (label: 'A4' | 'Letter') => page.getByRole('radio', { name: label }),
    /** The visible label of a paper choice (wrapping its native radio input). */
    paperLabel: (label: 'A4' | 'Letter') =>
      page.getByTestId('report-paper').locator('label', { hasText: label }),
  };
}

test('the report of two scenarios exports to PDF, XLSX and CSV with the numbers the UI shows', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(400_000);
  await page.goto('/');
  // Two scenarios are open (InfiniBand and RoCE); make the second one differ clearly.
  await page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab').nth(1).click();
  const gbps = page.getByTestId('field-cluster.network.scaleOut.gbpsPerGpu').locator('input');
  await gbps.fill('100');
  await gbps.press('Enter');

  // The numbers as the Comparison screen shows them.
  await openScreen(page, 'Comparison');
  const cell = (metric: string, i: number) =>
    page.getByTestId(`row-${metric}`).locator('td').nth(i).locator('.cmp-value');
  const shown: Record<string, string[]> = {};
  for (const metric of ['tokens_per_s', 'tco_usd', 'step_time_s']) {
    shown[metric] = [
      ((await cell(metric, 0).textContent()) ?? '').trim(),
      ((await cell(metric, 1).textContent()) ?? '').trim(),
    ];
  }
  expect(shown['tokens_per_s']![0]).not.toBe(shown['tokens_per_s']![1]);

  await openScreen(page, 'Report & export');
  const ui = reportPage(page);
  await expect(ui.ready).toBeVisible({ timeout: 30_000 });
  await expect(ui.doc.getByRole('heading', { name: 'Executive summary' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'report-page.png') });
  await expectNoA11yViolations(page);

  // Export CSV: a download with one column per scenario.
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), ui.exportCsv.click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^clusterplan-report-.*\.csv$/);
  const csv = readFileSync(await csvDownload.path(), 'utf8');
  // UTF-8 with BOM, so that Excel reads m² and m³ as written.
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFmetric_id,label,unit,/);
  expect(csv).toMatch(/\r\ntokens_per_s,Throughput,tokens\/s,[0-9.]+,[0-9.]+\r\n/);

  // Export XLSX: a download of a zip (XLSX) file, written by the app's server from the page's workbook.
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), ui.exportXlsx.click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = readFileSync(await xlsxDownload.path());
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');

  // Export PDF: in a browser the app's server prints the same document (as the CLI does) and
  // the browser downloads the file.
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    ui.exportPdf.click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^clusterplan-report-.*\.pdf$/);
  expect(
    readFileSync(await pdfDownload.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The same view through headless Chromium, as the CLI does (page setup shared).
  const started = Date.now();
  const pdf = await page.pdf(playwrightPdfOptions('a4'));
  const elapsedMs = Date.now() - started;
  test.info().annotations.push({ type: 'pdf_ms', description: String(elapsedMs) });
  const { text, pages, pngs } = inspectPdf(pdf, 'report-pdf');
  expect(pages).toBeGreaterThanOrEqual(8);
  expect(pngs.length).toBe(pages);
  expect(text).toContain(`Page 1 of ${pages}`);
  expect(text).toContain(`Page ${pages} of ${pages}`);
  for (const heading of [
    'ClusterPlan comparison report',
    'Executive summary',
    'Charts',
    'Comparison table',
    'Assumptions',
    'Methodology',
    'Model accuracy against published measurements',
    'Appendix A:',
    'Appendix B:',
  ]) {
    expect(text, heading).toContain(heading);
  }
  // The accuracy table lists the held-out MoE set, and prints the storage set's tiny errors as
  // "< 0.1" as the accuracy screen does, never as an error of 0.
  expect(text).toContain('moe-published.json');
  expect(text).toMatch(/\(storage-dev\.json\)\s+6\s+< 0\.1\s+< 0\.1\s+100/);
  // Numbers match the UI.
  for (const values of Object.values(shown)) {
    for (const v of values) expect(text).toContain(v);
  }
  // Charts are vectors: their titles, axis units and legend entries are text in the PDF, and
  // the PDF embeds no raster image.
  for (const chartText of [
    'Capital cost by line (USD).',
    'Average power by component (kW).',
    'Training step time breakdown (s).',
    'Time to train (days).',
    'Forward compute',
    'Systems',
  ]) {
    expect(text, chartText).toContain(chartText);
  }
  const images = execFileSync('pdfimages', ['-list', path.join(PDF_DIR, 'report-pdf.pdf')], {
    encoding: 'utf8',
  });
  expect(images.trim().split('\n').length).toBe(2); // header lines only
  // A4: 595 × 842 pt.
  const info = execFileSync('pdfinfo', [path.join(PDF_DIR, 'report-pdf.pdf')], {
    encoding: 'utf8',
  });
  expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+|Page size:\s+595\.\d+ x 842\.\d+/);

  // Letter paper.
  await ui.paperLabel('Letter').click();
  await expect(ui.paper('Letter')).toBeChecked();
  await expect(ui.doc).toHaveClass(/report-paper-letter/);
  const letter = await page.pdf(playwrightPdfOptions('letter'));
  const letterFile = path.join(PDF_DIR, 'report-letter.pdf');
  writeFileSync(letterFile, letter);
  expect(execFileSync('pdfinfo', [letterFile], { encoding: 'utf8' })).toMatch(
    /Page size:\s+612 x 792/,
  );
});

test('File ▸ Export CSV from another screen waits for the report screen to load, then downloads', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await expect(page.getByTestId('summary-kpis')).toBeVisible();
  // The report screen has not been opened: the request must not be lost while it loads.
  await page.getByRole('button', { name: 'File ▾' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('menuitem', { name: 'Export CSV…' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await download.path(), 'utf8')).toMatch(/^\uFEFFmetric_id,label,unit,/);
  await expect(page.getByRole('tab', { name: 'Report & export' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
