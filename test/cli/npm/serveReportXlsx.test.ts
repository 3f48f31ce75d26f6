import ExcelJS from 'exceljs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { REPORT_XLSX_PATH, startServer } from '../../../cli/npm/serve.mjs';
import { writeXlsx } from '../../../cli/report/xlsxWriter';
import { buildReport, reportProperties, reportSheets } from '../../../model/report';
import { loadReportScenario } from '../../model/report/helpers';

type Started = { server: { close(cb?: () => void): void }; url: string };

/**
 * Browser mode's Export XLSX: the page posts the workbook (sheets and properties, as data) to its
 * own server, which writes it with the CLI's writer (cli/report/workbook.ts, run for real here)
 * and answers the bytes: the same workbook the CLI and the desktop shell write.
 */
describe('browser-mode server: report XLSX endpoint', () => {
  let started: Started;
  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'cp-serve-xlsx-'));
    const root = path.join(base, 'renderer');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><p>app</p>');
    started = (await startServer({ port: 0, root })) as Started;
  });
  afterAll(() => new Promise<void>((r) => started.server.close(() => r())));

  const content = buildReport([loadReportScenario('pretrain-llama3-70b-1024xh100-ib.json', 'ib')], {
    date: '2026-11-26',
    appVersion: '1.0.0',
    accuracy: [],
  });
  const workbook = { sheets: reportSheets(content), properties: reportProperties(content) };
  const post = (init: { origin?: string; type?: string; body?: string }) =>
    fetch(`${started.url}${REPORT_XLSX_PATH}`, {
      method: 'POST',
      headers: {
        ...(init.origin ? { origin: init.origin } : {}),
        'content-type': init.type ?? 'application/json',
      },
      body: init.body ?? JSON.stringify(workbook),
    });

  it('writes the workbook a page it served posts: the cells the CLI writes for it', async () => {
    const res = await post({ origin: started.url });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    const direct = await writeXlsx(workbook.sheets, workbook.properties);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(direct.buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(workbook.sheets.map((s) => s.sheet));
    expect(wb.title).toBe(workbook.properties.title);
    for (const ws of wb.worksheets) {
      const other = back.getWorksheet(ws.name)!;
      ws.eachRow((row, r) =>
        row.eachCell((cell, c) => expect(cell.value).toEqual(other.getRow(r).getCell(c).value)),
      );
    }
  }, 60_000);

  it('refuses other sites, other methods, other content types and workbooks that do not parse', async () => {
    expect((await post({})).status).toBe(403);
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ origin: started.url, type: 'text/plain' })).status).toBe(415);
    expect((await fetch(`${started.url}${REPORT_XLSX_PATH}`)).status).toBe(405);
    const bad = await post({
      origin: started.url,
      body: JSON.stringify({ ...workbook, sheets: [{ ...workbook.sheets[0], sheet: '' }] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^Report workbook: workbook: sheets\.0\.sheet: /);
    const notJson = await post({ origin: started.url, body: '{' });
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toBe('Report workbook: the workbook is not valid JSON');
  }, 60_000);
});
