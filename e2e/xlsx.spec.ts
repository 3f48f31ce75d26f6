import { readFileSync } from 'node:fs';
import type ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { evaluate } from '../model/evaluate';
import { REPORT_READY_SELECTOR } from '../model/report/pdfOptions';
import { parseScenarioFile } from '../model/scenario';
import { expect, test } from './fixtures';
import { openScreen } from './pages';
import { evaluateFormula, formulaCells, labelled, readWorkbook } from './xlsx';

/**
 * The XLSX a finance team opens without fixes, exported from the Report screen for 2 and 6
 * builds and read back with exceljs: unique sheet names within 31 characters, workbook
 * properties, and on each build's cash-flow sheet every formula recomputes to the cached value
 * the writer stored, which is the engine's figure (the Comparison sheet's, and for the bundled
 * InfiniBand example the engine's own evaluation here in Node).
 */

async function exportXlsx(page: Page): Promise<ExcelJS.Workbook> {
  await openScreen(page, 'Report & export');
  await expect(page.locator(REPORT_READY_SELECTOR)).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return readWorkbook(readFileSync(await download.path()));
}

function close(actual: number, expected: number, rel = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));
}

/** The Comparison sheet's figure of `metricId` for build `i` (0-based), or null. */
function compared(wb: ExcelJS.Workbook, metricId: string, i: number): number | null {
  let out: number | null = null;
  wb.getWorksheet('Comparison')!.eachRow((row) => {
    if (row.getCell(1).value === metricId) {
      const v = row.getCell(4 + i).value;
      out = typeof v === 'number' ? v : null;
    }
  });
  return out;
}

/** Checks a workbook of `builds` builds; returns the cash-flow sheets. */
function checkWorkbook(wb: ExcelJS.Workbook, builds: number): ExcelJS.Worksheet[] {
  const names = wb.worksheets.map((w) => w.name);
  expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  for (const n of names) expect(n.length).toBeLessThanOrEqual(31);
  const buildSheets = names.filter((n) => /^\d+ /.test(n));
  const cfSheets = wb.worksheets.filter((w) => w.name.startsWith('CF '));
  expect(buildSheets.map((n) => n.split(' ')[0])).toEqual(
    Array.from({ length: builds }, (_, i) => String(i + 1)),
  );
  expect(cfSheets).toHaveLength(builds);

  expect(wb.title).toMatch(/\S/);
  expect(wb.creator).toMatch(/^ClusterPlan /);
  expect(wb.keywords).toMatch(/catalog \S+/);
  expect(wb.created).toBeInstanceOf(Date);

  cfSheets.forEach((ws, i) => {
    expect(ws.name.startsWith(`CF ${i + 1} `)).toBe(true);
    const cells = formulaCells(ws);
    expect(cells.length).toBeGreaterThan(40);
    for (const c of cells) {
      expect(c.cached, `${ws.name}!${c.address} ${c.formula}`).not.toBeNull();
      close(evaluateFormula(ws, c.formula), c.cached as number, 1e-8);
    }
    // The totals a reviewer reads: live formulas whose cached values are the engine's figures.
    const npv = labelled(ws, 'NPV of ownership (Excel NPV)');
    expect(npv.formula).toMatch(/NPV\(/);
    close(npv.value, compared(wb, 'npv_usd', i) as number);
    const tco = labelled(ws, 'TCO (undiscounted net cost)');
    expect(tco.formula).toMatch(/^-M\d+$/);
    close(tco.value, compared(wb, 'tco_usd', i) as number);
    const ownVsCloud = compared(wb, 'own_vs_cloud_npv_usd', i);
    if (ownVsCloud !== null) close(labelled(ws, 'NPV of owning − renting').value, ownVsCloud);
    const irrPct = compared(wb, 'own_vs_cloud_irr_pct', i);
    if (irrPct !== null) {
      const irr = labelled(ws, 'IRR of owning − renting');
      expect(irr.formula).toMatch(/^IRR\(/);
      // The Comparison stores percentages as fractions (51.85 % → 0.5185).
      close(irr.value, irrPct, 1e-6);
    }
  });
  return cfSheets;
}

test('XLSX for 2 and 6 builds: unique names, properties, live formulas equal to the engine', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.goto('/');

  // Two builds: InfiniBand and RoCE, as the app opens.
  const two = await exportXlsx(page);
  const cf = checkWorkbook(two, 2);
  // The first build is the bundled InfiniBand example: its figures from the engine here.
  const doc = JSON.parse(
    readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8'),
  ) as unknown;
  const parsed = parseScenarioFile(doc);
  if (!parsed.ok) throw new Error('example does not parse');
  const engine = evaluate(parsed.scenarios[0]!);
  expect(String(two.getWorksheet('Summary')!.getRow(1).getCell(1).value)).toMatch(/\S/);
  close(labelled(cf[0]!, 'NPV of ownership (Excel NPV)').value, engine.metrics['npv_usd']!.value);
  close(labelled(cf[0]!, 'TCO (undiscounted net cost)').value, engine.metrics['tco_usd']!.value);
  close(
    labelled(cf[0]!, 'Cost per effective GPU-hour (USD)').value,
    engine.metrics['cost_per_effective_gpu_hour_usd']!.value,
  );

  // Six builds: four copies of the open scenarios (names alike: numbers tell them apart).
  await openScreen(page, 'Scenarios');
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab')).toHaveCount(
    6,
  );
  const six = await exportXlsx(page);
  checkWorkbook(six, 6);
});
