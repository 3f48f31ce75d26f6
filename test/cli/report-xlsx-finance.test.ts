/**
 * The workbook a finance team opens without fixes: one cash-flow sheet per build whose totals,
 * NPV and IRR are live formulas over the yearly rows (recomputed here by a small evaluator from
 * the cells read back with exceljs and compared with the engine), unique sheet names that tell
 * the builds apart, percentages as percentages, counts as integers, no scientific notation,
 * workbook properties.
 */
import type ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from '../../cli/report/xlsxWriter';
import { evaluate } from '../../model/evaluate';
import {
  buildReport,
  buildSheetNames,
  metricFormat,
  numberFormat,
  reportWorkbook,
  withCachedValues,
} from '../../model/report';
import type { ReportScenario } from '../../model/report';
import { parseScenarioFile } from '../../model/scenario';
import { evaluateFormula, readWorkbook as readBack } from '../../e2e/xlsx';

function load(file: string, id: string, patch: (d: Record<string, unknown>) => void = () => {}) {
  const doc = JSON.parse(readFileSync(`examples/${file}`, 'utf8')) as Record<string, unknown>;
  patch(doc);
  const r = parseScenarioFile(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const scenario = r.scenarios[0]!;
  return { id, name: scenario.name, doc, scenario, result: evaluate(scenario) } as ReportScenario;
}

function close(a: number, b: number, rel = 1e-9): void {
  expect(Math.abs(a - b)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(b)));
}

const ib = load('pretrain-llama3-70b-1024xh100-ib.json', 'ib');
const roce = load('pretrain-llama3-70b-1024xh100-roce.json', 'roce', (d) => {
  d['finance'] = { npvConvention: 'mid-year', deploymentPhases: 2, cloudGoodput: 0.85 };
});
const content = buildReport([ib, roce], { date: '2026-11-22', appVersion: '1.2.3', accuracy: [] });

describe('cash-flow sheets', () => {
  it('one per build; every formula recomputes to its cached value, which is the engine’s figure', async () => {
    const wb = await readBack(await reportWorkbook(content, writeXlsx));
    const cf = wb.worksheets.filter((w) => w.name.startsWith('CF '));
    expect(cf.map((w) => w.name)).toEqual(['CF 1 InfiniBand NDR', 'CF 2 RoCE']);
    cf.forEach((ws, b) => {
      const f = content.finance[b]!;
      let formulas = 0;
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value as { formula?: string } | null;
          if (!v || typeof v !== 'object' || !('formula' in v)) return;
          formulas++;
          // cell.result, not value.result: exceljs's value drops a cached 0.
          const cachedValue = cell.result as unknown;
          expect(typeof cachedValue).toBe('number');
          close(evaluateFormula(ws, v.formula!), cachedValue as number, 1e-8);
        }),
      );
      expect(formulas).toBeGreaterThan(8 * f.schedule.years.length);
      // The figures a reviewer reads, against the engine.
      const labelled = (label: string): { formula: string; result: number } => {
        let out: { formula: string; result: number } | null = null;
        ws.eachRow((row) => {
          if (row.getCell(1).value === label)
            out = row.getCell(2).value as { formula: string; result: number };
        });
        if (!out) throw new Error(`no row ${label}`);
        return out;
      };
      const r = b === 0 ? ib.result : roce.result;
      close(labelled('NPV of ownership (Excel NPV)').result, r.metrics['npv_usd']!.value, 1e-9);
      close(
        evaluateFormula(ws, labelled('NPV of ownership (Excel NPV)').formula),
        r.metrics['npv_usd']!.value,
        1e-9,
      );
      close(labelled('TCO (undiscounted net cost)').result, r.metrics['tco_usd']!.value, 1e-9);
      close(
        evaluateFormula(ws, labelled('NPV of owning − renting').formula),
        r.metrics['own_vs_cloud_npv_usd']!.value,
        1e-9,
      );
      const irrRow = labelled('IRR of owning − renting');
      if (r.metrics['own_vs_cloud_irr_pct'])
        close(irrRow.result * 100, r.metrics['own_vs_cloud_irr_pct'].value, 1e-6);
    });
  });

  it('a reviewer who changes the cloud price sees the owning-vs-renting NPV move', async () => {
    const wb = await readBack(await reportWorkbook(content, writeXlsx));
    const ws = wb.getWorksheet('CF 1 InfiniBand NDR')!;
    let npvFormula = '';
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'NPV of owning − renting')
        npvFormula = (row.getCell(2).value as { formula: string }).formula;
    });
    const before = evaluateFormula(ws, npvFormula);
    const price = ws.getCell('B6').value as number;
    ws.getCell('B6').value = price * 1.5;
    const after = evaluateFormula(ws, npvFormula);
    expect(after).toBeGreaterThan(before);
  });

  it('writes the cached values after their formulas, and refuses a mismatch', () => {
    expect(withCachedValues('<c><f>A1+1</f></c><c><f>B2</f></c>', [2, 3])).toBe(
      '<c><f>A1+1</f><v>2</v></c><c><f>B2</f><v>3</v></c>',
    );
    expect(() => withCachedValues('<c><f>A1</f></c>', [1, 2])).toThrow(/2 formulas written, 1/);
  });
});

describe('workbook a finance team opens without fixes', () => {
  it('has title, date, application and catalog version as properties', async () => {
    const wb = await readBack(await reportWorkbook(content, writeXlsx));
    expect(wb.title).toBe(content.cover.title);
    expect(wb.creator).toBe('ClusterPlan 1.2.3');
    expect(wb.description).toContain(content.cover.catalogVersion);
    expect(wb.keywords).toContain(content.cover.catalogVersion);
    expect(wb.created?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('percentages as percentages, integers without decimals, deltas in the metric’s format', async () => {
    const wb = await readBack(await reportWorkbook(content, writeXlsx));
    const cmp = wb.getWorksheet('Comparison')!;
    const rows = new Map<string, ExcelJS.Row>();
    cmp.eachRow((row) => rows.set(String(row.getCell(1).value), row));
    const mfu = rows.get('mfu_pct')!;
    expect(mfu.getCell(4).value).toBeCloseTo(ib.result.metrics['mfu_pct']!.value / 100, 12);
    expect(mfu.getCell(4).numFmt).toMatch(/%$/);
    expect(mfu.getCell(6).numFmt).toContain('pp');
    const racks = rows.get('racks')!;
    expect(racks.getCell(4).numFmt).toBe('#,##0');
    const tco = rows.get('tco_usd')!;
    expect(tco.getCell(4).numFmt).toBe('#,##0 "USD"');
    expect(tco.getCell(7).numFmt).toBe('+0.0%;-0.0%;0.0%');
    wb.eachSheet((ws) =>
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.numFmt ?? '').not.toMatch(/E\+/);
        }),
      ),
    );
  });

  it('sheet names are unique and tell builds apart within 31 characters (2 and 6 builds)', async () => {
    const long = 'Llama 3 70B pre-train, 1,024×H100, 3.2 Tb/s per node';
    const names = ['IB NDR', 'RoCE 400G', 'IB NDR rail-opt', 'RoCE', 'IB XDR', 'Spectrum-X'].map(
      (s) => `${long} ${s}`,
    );
    const sheets = buildSheetNames(names, '', new Set(['Summary']));
    expect(new Set(sheets.map((s) => s.toLowerCase())).size).toBe(6);
    sheets.forEach((s, i) => {
      expect(s.length).toBeLessThanOrEqual(31);
      expect(s.startsWith(`${i + 1} `)).toBe(true);
      expect(s).not.toMatch(/[\\/?*[\]:]/);
    });
    expect(sheets[1]).toBe('2 RoCE 400G');
    const cf = buildSheetNames(names.slice(0, 2), 'CF ', new Set());
    expect(cf).toEqual(['CF 1 IB NDR', 'CF 2 RoCE 400G']);
    // Same names: the number tells them apart.
    expect(buildSheetNames(['Same', 'Same'], '', new Set())).toEqual(['1 Same', '2 Same']);
    // A long distinct remainder keeps its start and its end.
    const [a] = buildSheetNames(['x '.repeat(5) + 'A'.repeat(20) + ' tail-end'], '', new Set());
    expect(a!.length).toBeLessThanOrEqual(31);
    expect(a).toMatch(/…/);
    expect(a).toMatch(/tail-end$/);

    // Six builds through the workbook.
    const six = names.map((n, i) =>
      load('pretrain-llama3-70b-1024xh100-ib.json', `b${i}`, (d) => {
        d['name'] = n;
      }),
    );
    const c6 = buildReport(six, { date: '2026-11-22', appVersion: '1.2.3', accuracy: [] });
    const wb = await readBack(await reportWorkbook(c6, writeXlsx));
    const all = wb.worksheets.map((w) => w.name);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('6 Spectrum-X');
    expect(all).toContain('CF 6 Spectrum-X');
  });

  it('metric formats: fixed decimals for tiny figures, never scientific', () => {
    expect(numberFormat(0.0001)).toBe('0.0000000');
    expect(metricFormat('%', [51.85, 50], 'USD').scale(51.85)).toBeCloseTo(0.5185, 12);
    expect(metricFormat('GPUs', [1024, 512], 'USD').format).toBe('#,##0');
    expect(metricFormat('USD/GPU-h', [2.31], 'USD').format).toBe('#,##0.00 "USD"');
    expect(metricFormat('s', [0, 0], null).deltaFormat).toBe('+#,##0;-#,##0;#,##0');
  });
});
