import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../../e2e/browser';
import { parseArgs, runCli, type CliIo } from '../../cli/main';
import { docsOfDocuments, reportOutputs, todayIso } from '../../cli/report/report';

const IB = 'examples/pretrain-llama3-70b-1024xh100-ib.json';
const ROCE = 'examples/pretrain-llama3-70b-1024xh100-roce.json';

function memoryIo(extra: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written = new Map<string, string | Uint8Array>();
  const io: CliIo = {
    readFile: (p) => (p in extra ? (extra[p] as string) : readFileSync(p, 'utf8')),
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    writeFile: (p, d) => written.set(p, d),
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written };
}

describe('report: arguments', () => {
  it('parses value options with a space or =', () => {
    const a = parseArgs(['report', 'a.json', '--pdf', 'o.pdf', '--paper=letter', 'b.json']);
    expect(a.files).toEqual(['a.json', 'b.json']);
    expect(a.values).toEqual({ pdf: 'o.pdf', paper: 'letter' });
    expect(parseArgs(['report', 'a.json', '--pdf']).unknownOptions).toEqual([
      '--pdf (needs a value)',
    ]);
  });

  it('needs an output and a known paper size (usage error 2)', () => {
    const m = memoryIo();
    expect(runCli(['report', IB], m.io)).toBe(2);
    expect(m.err()).toContain('give at least one of --pdf, --xlsx, --csv');
    expect(runCli(['report', IB, '--csv', 'x.csv', '--paper', 'a3'], m.io)).toBe(2);
    expect(m.err()).toContain('--paper: must be a4 or letter, not "a3"');
    expect(runCli(['report', '--csv', 'x.csv'], m.io)).toBe(2);
    expect(reportOutputs({ xlsx: 'a.xlsx' })).toEqual({
      pdf: null,
      xlsx: 'a.xlsx',
      csv: null,
      paper: 'a4',
      objective: null,
      baseline: 1,
    });
  });

  it('takes a stated objective and a baseline position, refusing others in words', () => {
    expect(reportOutputs({ pdf: 'a.pdf', objective: 'tco_usd', baseline: '2' })).toMatchObject({
      objective: 'tco_usd',
      baseline: 2,
    });
    expect(reportOutputs({ pdf: 'a.pdf', objective: 'name' })).toMatch(
      /^--objective: must be one of cost_per_training_run_usd, .*not "name"$/,
    );
    expect(reportOutputs({ pdf: 'a.pdf', baseline: '0' })).toMatch(/^--baseline: must be/);
    expect(reportOutputs({ pdf: 'a.pdf', baseline: 'x' })).toMatch(/^--baseline: must be/);
  });

  it('evaluate refuses the report options', () => {
    const m = memoryIo();
    expect(runCli(['evaluate', IB, '--pdf', 'x.pdf'], m.io)).toBe(2);
    expect(m.err()).toContain('unknown option --pdf');
  });

  it('names the file and field of a bad scenario (exit 1), writing nothing', () => {
    const bad = JSON.parse(readFileSync(IB, 'utf8')) as Record<string, unknown>;
    (bad['cluster'] as { compute: { gpus: unknown } }).compute.gpus = -3;
    const m = memoryIo({ 'bad.json': JSON.stringify(bad), 'nojson.json': '{' });
    expect(runCli(['report', 'bad.json', '--csv', 'x.csv'], m.io)).toBe(1);
    expect(m.err()).toContain('bad.json: invalid scenario');
    expect(m.err()).toContain('cluster.compute.gpus');
    expect(runCli(['report', 'nojson.json', '--csv', 'x.csv'], m.io)).toBe(1);
    expect(m.err()).toContain('nojson.json: The file is not valid JSON');
    expect(m.written.size).toBe(0);
  });

  it('reads several scenarios from one file', () => {
    const docs = docsOfDocuments([{ a: 1 }, { b: 2 }], 'f.json');
    expect(docs.map((d) => d.origin)).toEqual(['f.json scenarios[0]', 'f.json scenarios[1]']);
    expect(docsOfDocuments([{ a: 1 }], 'f.json').map((d) => d.origin)).toEqual(['f.json']);
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('report: CSV and XLSX files', () => {
  it('writes the comparison CSV and the workbook', async () => {
    const m = memoryIo();
    const code = await runCli(['report', IB, ROCE, '--csv', 'o.csv', '--xlsx', 'o.xlsx'], m.io);
    expect(m.err()).toBe('');
    expect(code).toBe(0);
    expect(m.out()).toBe('wrote o.csv\nwrote o.xlsx\n');
    const csv = m.written.get('o.csv') as string;
    const head = csv.split('\r\n')[0];
    expect(head).toBe(
      '\uFEFFmetric_id,label,unit,"Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR","Llama 3 70B pre-train, 1,024x H100, RoCE"',
    );
    const wb = new ExcelJS.Workbook();
    const bytes = m.written.get('o.xlsx') as Uint8Array;
    await wb.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(wb.worksheets.map((w) => w.name).slice(0, 3)).toEqual([
      'Summary',
      'Comparison',
      'Assumptions',
    ]);
  });

  it('writes a scenario’s warnings in the editor’s words, not field paths', async () => {
    // The serving example on an L40S: no rate meets its 50 ms TPOT (two warnings naming fields).
    const doc = JSON.parse(readFileSync('examples/serving-llama3-70b-8xh100-fp8.json', 'utf8')) as {
      cluster: { compute: { acceleratorId: string } };
    };
    doc.cluster.compute.acceleratorId = 'l40s';
    const m = memoryIo({ 'l40s.json': JSON.stringify(doc) });
    const code = await runCli(['report', 'l40s.json', '--xlsx', 'o.xlsx'], m.io);
    expect(m.err()).toBe('');
    expect(code).toBe(0);
    const wb = new ExcelJS.Workbook();
    const bytes = m.written.get('o.xlsx') as Uint8Array;
    await wb.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const cells: string[] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.value ?? '')))),
    );
    const warnings = cells.filter((c) => /no offered rate meets|no number of GPUs/.test(c));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^“Load” in Workload: no offered rate meets/);
    expect(warnings.join(' ')).not.toMatch(/\bworkload\.|\bcluster\./);
  });
});

// The PDF needs Chromium (CHROMIUM_PATH, /usr/bin/chromium or Playwright's own): the run is
// made where one is installed, as in the end-to-end tests.
const chromium = chromiumExecutable();
const hasChromium = chromium !== undefined && existsSync(chromium);

describe.runIf(hasChromium)('report: PDF through headless Chromium', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-report-'));
  const rendererDir = path.join(dir, 'renderer');
  beforeAll(async () => {
    // Build the renderer from the current sources into a scratch folder.
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: rendererDir, emptyOutDir: true },
    });
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a PDF whose text has the report headings and page numbers', async () => {
    const pdfPath = path.join(dir, 'out.pdf');
    const m = memoryIo();
    const io: CliIo = { ...m.io, writeFile: (p, d) => writeFileSync(p, d) };
    const previous = process.env['CLUSTERPLAN_RENDERER_DIR'];
    process.env['CLUSTERPLAN_RENDERER_DIR'] = rendererDir;
    let code: number;
    try {
      code = await runCli(['report', IB, ROCE, '--pdf', pdfPath, '--paper', 'letter'], io);
    } finally {
      if (previous === undefined) delete process.env['CLUSTERPLAN_RENDERER_DIR'];
      else process.env['CLUSTERPLAN_RENDERER_DIR'] = previous;
    }
    expect(m.err()).toBe('');
    expect(code).toBe(0);
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const h of [
      'ClusterPlan comparison report',
      'Executive summary',
      'Comparison table',
      'Assumptions',
      'Methodology',
      'Appendix B: Llama 3 70B pre-train, 1,024x H100, RoCE',
    ]) {
      expect(text).toContain(h);
    }
    expect(text).toMatch(/Page 1 of \d+/);
    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    expect(info).toMatch(/612 x 792/);
    // The document's title is the report's (a viewer shows it), not the app window's.
    expect(info).toMatch(/^Title:\s+ClusterPlan comparison report · \d{4}-\d{2}-\d{2}$/m);
  }, 180_000);
});
