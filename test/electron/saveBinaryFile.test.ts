import { describe, expect, it } from 'vitest';
import {
  CHANNELS,
  saveBinaryFileRequestSchema,
  saveXlsxFileRequestSchema,
} from '../../electron/contract';
import { buildReport, reportProperties, reportSheets } from '../../model/report';
import { loadReportScenario } from '../model/report/helpers';

describe('saveBinaryFile request (the report as PDF)', () => {
  it('accepts a PDF of the print view on A4 or Letter', () => {
    for (const req of [
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'a4' } },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'letter' } },
    ]) {
      expect(saveBinaryFileRequestSchema.safeParse(req).success).toBe(true);
    }
  });

  it('rejects bytes (the XLSX goes through saveXlsxFile), unknown paper, paths and extra keys', () => {
    for (const req of [
      { suggestedName: 'r.xlsx', kind: 'xlsx', bytes: new Uint8Array([80, 75]) },
      { suggestedName: 'r.pdf', kind: 'pdf', bytes: new Uint8Array([37]) },
      { suggestedName: 'r.xlsx', kind: 'xlsx', printView: { paper: 'a4' } },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'a3' } },
      { suggestedName: '../r.pdf', kind: 'pdf', printView: { paper: 'a4' } },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'a4' }, path: '/tmp/x' },
    ]) {
      expect(saveBinaryFileRequestSchema.safeParse(req).success, JSON.stringify(req)).toBe(false);
    }
  });

  it('has its own channel', () => {
    expect(CHANNELS.saveBinaryFile.channel).toBe('clusterplan:save-binary-file');
  });
});

describe('saveXlsxFile request (the report workbook as data)', () => {
  const content = buildReport([loadReportScenario('pretrain-llama3-70b-1024xh100-ib.json', 'ib')], {
    date: '2026-11-26',
    appVersion: '1.0.0',
    accuracy: [],
  });
  const workbook = { sheets: reportSheets(content), properties: reportProperties(content) };
  const sheet = workbook.sheets[0]!;
  const withSheet = (s: unknown) => ({
    suggestedName: 'r.xlsx',
    workbook: { ...workbook, sheets: [s] },
  });

  it('accepts the report’s own workbook, unchanged, also after a JSON round trip', () => {
    const direct = saveXlsxFileRequestSchema.safeParse({ suggestedName: 'r.xlsx', workbook });
    expect(direct.success).toBe(true);
    expect(direct.data?.workbook).toEqual(workbook);
    const viaJson = saveXlsxFileRequestSchema.safeParse(
      JSON.parse(JSON.stringify({ suggestedName: 'r.xlsx', workbook })),
    );
    expect(viaJson.data?.workbook).toEqual(workbook);
  });

  it('reads a formula’s cached value that JSON turned into null as NaN (left out when written)', () => {
    const r = saveXlsxFileRequestSchema.safeParse(
      withSheet({ ...sheet, data: [[{ value: 'A1*2', type: 'Formula', cached: null }]] }),
    );
    expect(r.success).toBe(true);
    const cell = r.data?.workbook.sheets[0]?.data[0]?.[0];
    expect(cell && cell.type === 'Formula' && Number.isNaN(cell.cached)).toBe(true);
  });

  it('rejects cells that are not plain typed data, bad sheet names, paths and extra keys', () => {
    for (const req of [
      withSheet({ ...sheet, sheet: 'x'.repeat(32) }),
      withSheet({ ...sheet, data: [[{ value: 1, type: 'String' }]] }),
      withSheet({ ...sheet, data: [[{ value: 'a', type: 'Date' }]] }),
      withSheet({ ...sheet, data: [[{ value: '1', type: 'Number' }]] }),
      withSheet({ ...sheet, data: [[{ value: 'x'.repeat(32_768), type: 'String' }]] }),
      withSheet({ ...sheet, data: [[{ value: 'A1', type: 'Formula' }]] }),
      withSheet({ ...sheet, data: [[{ value: 'a', type: 'String', color: 'red' }]] }),
      withSheet({ ...sheet, stickyRowsCount: -1 }),
      {
        suggestedName: 'r.xlsx',
        workbook: { ...workbook, sheets: [sheet, { ...sheet, sheet: sheet.sheet.toUpperCase() }] },
      },
      { suggestedName: 'r.xlsx', workbook: { ...workbook, sheets: [] } },
      { suggestedName: 'r.xlsx', workbook: { sheets: workbook.sheets } },
      { suggestedName: '../r.xlsx', workbook },
      { suggestedName: 'r.xlsx', workbook, path: '/tmp/x' },
      { suggestedName: 'r.xlsx', bytes: new Uint8Array([80, 75]) },
    ]) {
      expect(
        saveXlsxFileRequestSchema.safeParse(req).success,
        JSON.stringify(req).slice(0, 200),
      ).toBe(false);
    }
  });

  it('has its own channel', () => {
    expect(CHANNELS.saveXlsxFile.channel).toBe('clusterplan:save-xlsx-file');
  });
});
