import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { parseReportRequest, REPORT_PDF_PATH, startServer } from '../../../cli/npm/serve.mjs';

type Started = { server: { close(cb?: () => void): void }; url: string };
type Parsed = { scenarios: unknown[]; paper: string; objective: string | null; baseline: number };

/**
 * Browser mode's Export PDF: the page posts the report to its own server, which prints it the
 * way the CLI does (the real renderer is replaced by a fake here; the e2e test prints for real).
 */
describe('browser-mode server: report PDF endpoint', () => {
  let started: Started;
  const calls: Parsed[] = [];
  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'cp-serve-pdf-'));
    const root = path.join(base, 'renderer');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><p>app</p>');
    started = (await startServer({
      port: 0,
      root,
      renderPdf: (req: Parsed) => {
        calls.push(req);
        if (req.objective === 'tco_usd' && req.paper === 'letter') {
          return Promise.reject(new Error('Chromium could not start'));
        }
        return Promise.resolve(Buffer.from('%PDF-1.7 fake'));
      },
    })) as Started;
  });
  afterAll(() => new Promise<void>((r) => started.server.close(() => r())));

  const body = {
    scenarios: [
      { id: 'a', doc: { name: 'A' } },
      { id: 'b', doc: { name: 'B' } },
    ],
    date: '2026-11-26',
    paper: 'a4',
    baselineId: 'b',
    objective: 'tco_usd',
  };
  const post = (init: { origin?: string; type?: string; body?: string }) =>
    fetch(`${started.url}${REPORT_PDF_PATH}`, {
      method: 'POST',
      headers: {
        ...(init.origin ? { origin: init.origin } : {}),
        'content-type': init.type ?? 'application/json',
      },
      body: init.body ?? JSON.stringify(body),
    });

  it('prints the report of a page it served, with the baseline position and objective', async () => {
    const res = await post({ origin: started.url });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toMatch(/^%PDF-/);
    expect(calls.at(-1)).toMatchObject({ paper: 'a4', objective: 'tco_usd', baseline: 2 });
  });

  it('refuses other sites, other methods, other content types and bad requests', async () => {
    const n = calls.length;
    expect((await post({})).status).toBe(403);
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ origin: started.url, type: 'text/plain' })).status).toBe(415);
    expect((await fetch(`${started.url}${REPORT_PDF_PATH}`)).status).toBe(405);
    const bad = await post({ origin: started.url, body: JSON.stringify({ ...body, paper: 'a3' }) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Report request: paper: must be a4 or letter');
    expect((await post({ origin: started.url, body: '{' })).status).toBe(400);
    expect(calls.length).toBe(n);
  });

  it('says why when the PDF cannot be made', async () => {
    const res = await post({
      origin: started.url,
      body: JSON.stringify({ ...body, paper: 'letter' }),
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('The PDF could not be made: Chromium could not start');
  });

  it('checks the request fields, naming the one that is wrong', () => {
    expect(parseReportRequest([])).toBe('must be an object');
    expect(parseReportRequest({ ...body, scenarios: [] })).toBe(
      'scenarios: must be 1 to 50 scenarios',
    );
    expect(parseReportRequest({ ...body, scenarios: [{ id: 'a', doc: [] }] })).toBe(
      'scenarios[0].doc: must be a scenario document',
    );
    expect(parseReportRequest({ ...body, objective: 'a b' })).toBe(
      'objective: must be a metric id',
    );
    expect(parseReportRequest({ ...body, baselineId: 'zz' })).toMatchObject({ baseline: 1 });
  });
});
