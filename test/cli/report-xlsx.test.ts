import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../model/evaluate';
import { buildReport, type ReportScenario } from '../../model/report';
import { parseScenarioFile } from '../../model/scenario';
import { numberFormat, reportWorkbook as buildWorkbook, sheetName } from '../../model/report';
import type { ReportContent } from '../../model/report';
import { writeXlsx } from '../../cli/report/xlsxWriter';

const reportWorkbook = (c: ReportContent) => buildWorkbook(c, writeXlsx);

function load(file: string, id: string, name?: string): ReportScenario {
  const doc = JSON.parse(readFileSync(`examples/${file}`, 'utf8')) as Record<string, unknown>;
  if (name !== undefined) doc['name'] = name;
  const r = parseScenarioFile(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const scenario = r.scenarios[0]!;
  return { id, name: scenario.name, doc, scenario, result: evaluate(scenario) };
}

const accuracy = [
  {
    file: 'training-dev.json',
    label: 'Training',
    cases: 3,
    failed: 0,
    medianAbsErrorPct: 4.5,
    maxAbsErrorPct: 9,
    withinTolerancePct: 100,
  },
];

async function readBack(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return wb;
}

describe('report XLSX', () => {
  const ib = load('pretrain-llama3-70b-1024xh100-ib.json', 'ib');
  const evil = load('pretrain-llama3-70b-1024xh100-roce.json', 'evil', '=cmd|" /C calc"!A0');
  const content = buildReport([ib, evil], { date: '2026-11-22', appVersion: '1.2.3', accuracy });

  it('has Summary, Comparison, Assumptions sheets and one sheet per scenario', async () => {
    const wb = await readBack(await reportWorkbook(content));
    const names = wb.worksheets.map((w) => w.name);
    expect(names.slice(0, 4)).toEqual(['Summary', 'Comparison', 'Assumptions', 'Catalog values']);
    // One sheet per build and one cash-flow sheet per costed build, numbered in report order.
    expect(names.length).toBe(8);
    expect(names[4]!.startsWith('1 ')).toBe(true);
    expect(names[5]!.startsWith('2 ')).toBe(true);
    expect(names.slice(6).map((n) => n.slice(0, 5))).toEqual(['CF 1 ', 'CF 2 ']);
    for (const n of names.slice(4)) {
      expect(n.length).toBeLessThanOrEqual(31);
      expect(n).not.toMatch(/[\\/?*[\]:]/);
    }
  });

  it('keeps numbers as numbers with a number format, units in headers', async () => {
    const wb = await readBack(await reportWorkbook(content));
    const cmp = wb.getWorksheet('Comparison')!;
    const head = (cmp.getRow(1).values as unknown[]).slice(1);
    expect(head.slice(0, 3)).toEqual(['Metric id', 'Metric', 'Unit']);
    let found = false;
    cmp.eachRow((row) => {
      if (row.getCell(1).value !== 'tco_usd') return;
      found = true;
      expect(row.getCell(3).value).toBe('USD');
      const cell = row.getCell(4);
      expect(typeof cell.value).toBe('number');
      expect(cell.value).toBeCloseTo(ib.result.metrics['tco_usd']!.value, 3);
      expect(cell.numFmt).toBe('#,##0 "USD"');
      const pct = row.getCell(7);
      expect(typeof pct.value).toBe('number');
      expect(pct.numFmt).toBe('+0.0%;-0.0%;0.0%');
    });
    expect(found).toBe(true);
    const sheet = wb.worksheets[4]!;
    let metricHeader = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'step_time_s') {
        expect(row.getCell(2).value).toBe('Step time (s)');
        expect(typeof row.getCell(4).value).toBe('number');
        metricHeader = true;
      }
    });
    expect(metricHeader).toBe(true);
  });

  it('neutralises text that a spreadsheet would read as a formula', async () => {
    const wb = await readBack(await reportWorkbook(content));
    const cmp = wb.getWorksheet('Comparison')!;
    expect(cmp.getRow(1).getCell(5).value).toBe(`'=cmd|" /C calc"!A0`);
    wb.eachSheet((ws) =>
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          // Formulas only where this module writes them: the cash-flow sheets.
          if (!ws.name.startsWith('CF ')) expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
        }),
      ),
    );
  });

  it('lists assumptions with units, sources and user marks', async () => {
    const wb = await readBack(await reportWorkbook(content));
    const a = wb.getWorksheet('Assumptions')!;
    let gpus = false;
    a.eachRow((row) => {
      if (row.getCell(1).value === 'cluster.compute.gpus') {
        gpus = true;
        expect(row.getCell(2).value).toBe('GPUs');
        expect(row.getCell(3).value).toBe(1024);
        expect(row.getCell(5).value).toBe('user');
      }
    });
    expect(gpus).toBe(true);
    const c = wb.getWorksheet('Catalog values')!;
    expect(c.rowCount).toBe(content.assumptions.catalog.length + 1);
  });
});

describe('sheetName and numberFormat', () => {
  it('makes valid unique sheet names', () => {
    expect(sheetName('a/b:c', new Set())).toBe('a b c');
    expect(sheetName('x'.repeat(40), new Set())).toHaveLength(31);
    expect(sheetName('Summary', new Set(['Summary']))).toBe('Summary (2)');
    expect(sheetName("''", new Set())).toBe('Scenario');
  });
  it('chooses decimals by magnitude', () => {
    expect(numberFormat(123456)).toBe('#,##0');
    expect(numberFormat(2.5)).toBe('#,##0.00');
    expect(numberFormat(0.58)).toBe('0.0000');
    expect(numberFormat(0.0001)).toBe('0.0000000');
    expect(numberFormat(-0.000012)).toBe('0.00000000');
  });
});
