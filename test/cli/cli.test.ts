import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands, parseArgs, runCli } from '../../cli/main';
import type { CliIo } from '../../cli/main';
import { formatNumber } from '../../cli/format';
import { MAX_OPEN_SCENARIOS } from '../../model/files';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** In-memory io: files from the repo (paths relative to it) or from `extra`. */
function memoryIo(extra: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readFile: (path) => extra[path] ?? readFileSync(new URL(path, `file://${root}`), 'utf8'),
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

const IB = 'examples/pretrain-llama3-70b-1024xh100-ib.json';

describe('parseArgs', () => {
  it('splits command, files and flags; -- ends options', () => {
    expect(parseArgs(['evaluate', 'a.json', '--json', 'b.json'])).toEqual({
      command: 'evaluate',
      files: ['a.json', 'b.json'],
      json: true,
      help: false,
      unknownOptions: [],
    });
    expect(parseArgs(['validate', '--', '--json']).files).toEqual(['--json']);
    expect(parseArgs(['validate', '--frob', 'x']).unknownOptions).toEqual(['--frob']);
    expect(parseArgs([]).command).toBeNull();
  });

  it('the command table has evaluate, validate, report and search', () => {
    expect(commands.map((c) => [c.name, c.available])).toEqual([
      ['evaluate', true],
      ['validate', true],
      ['report', true],
      ['search', true],
    ]);
  });
});

describe('evaluate', () => {
  it('--json prints {scenario, metrics} for one scenario, with units', () => {
    const m = memoryIo();
    expect(runCli(['evaluate', IB, '--json'], m.io)).toBe(0);
    const json = JSON.parse(m.out()) as {
      scenario: string;
      metrics: Record<string, { value: number; unit: string }>;
    };
    expect(json.scenario).toBe('Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR');
    expect(json.metrics['step_time_s']?.unit).toBe('s');
    expect(json.metrics['mfu_pct']?.unit).toBe('%');
    expect(Object.keys(json.metrics).length).toBeGreaterThanOrEqual(10);
    expect(m.err()).toBe('');
  });

  it('--json prints an array for several scenarios (one file with scenarios[] or several files)', () => {
    const m = memoryIo();
    expect(
      runCli(['evaluate', 'examples/compare-fabrics-70b-1024xh100.json', '--json'], m.io),
    ).toBe(0);
    const arr = JSON.parse(m.out()) as { scenario: string }[];
    expect(arr.map((x) => x.scenario)).toEqual([
      'Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR',
      'Llama 3 70B pre-train, 1,024x H100, RoCE',
      'Llama 3 70B pre-train, 1,024x H100, Ethernet/TCP',
    ]);
    const two = memoryIo();
    expect(
      runCli(['evaluate', IB, 'examples/finetune-llama3-8b-8xh100-lora.json', '--json'], two.io),
    ).toBe(0);
    expect((JSON.parse(two.out()) as unknown[]).length).toBe(2);
  });

  it('text output lists every metric with its unit, and the bottleneck', () => {
    const m = memoryIo();
    expect(runCli(['evaluate', IB], m.io)).toBe(0);
    const text = m.out();
    expect(text).toContain('Scenario: Llama 3 70B pre-train');
    expect(text).toMatch(/step_time_s\s+[\d.]+ s\s/);
    expect(text).toMatch(/mfu_pct\s+[\d.]+ %/);
    expect(text).toContain('Bottleneck:');
    expect(text).toMatch(/Layout: TP \d+ · PP \d+.* · DP \d+ · micro batch \d+ · ZeRO-\d/);
  });

  it('an invalid scenario goes to stderr with every field path and exit 1', () => {
    const bad = JSON.stringify({
      schemaVersion: 1,
      name: 'bad',
      workload: { kind: 'training', model: {}, training: { globalBatchSeqs: 0 } },
      cluster: {
        compute: { acceleratorId: 'h100-sxm', gpus: 8, gpusPerNode: 8 },
        network: { scaleOut: { fabric: 'roce', gbpsPerGpu: 400 } },
      },
    });
    const m = memoryIo({ 'bad.json': bad });
    expect(runCli(['evaluate', 'bad.json'], m.io)).toBe(1);
    expect(m.out()).toBe('');
    expect(m.err()).toContain('bad.json: invalid scenario');
    expect(m.err()).toContain('workload.model.layers: must be an integer from 1 to 1000 layers');
    expect(m.err()).toContain('workload.training.globalBatchSeqs: must be an integer from 1 to');
  });

  it('unreadable files, bad JSON and engine errors exit 1 on stderr; usage errors exit 2', () => {
    const m = memoryIo({ 'x.json': '{not json' });
    expect(runCli(['evaluate', 'x.json'], m.io)).toBe(1);
    expect(m.err()).toContain('x.json: The file is not valid JSON');
    const missing = memoryIo();
    expect(runCli(['evaluate', 'does-not-exist.json'], missing.io)).toBe(1);
    expect(missing.err()).toContain('does-not-exist.json: cannot read file');
    const engine = memoryIo({
      'e.json': readFileSync(new URL(IB, `file://${root}`), 'utf8').replace(
        '"h100-sxm"',
        '"no-such-gpu"',
      ),
    });
    expect(runCli(['evaluate', 'e.json'], engine.io)).toBe(1);
    expect(engine.err()).toContain('no-such-gpu');
    const usage = memoryIo();
    expect(runCli(['evaluate'], usage.io)).toBe(2);
    expect(runCli(['frobnicate'], usage.io)).toBe(2);
    expect(runCli(['report', 'a.json'], usage.io)).toBe(2);
    expect(usage.err()).toContain('unknown command "frobnicate"');
  });
});

describe('validate', () => {
  const file = JSON.stringify({
    format: 'clusterplan-validation/1',
    set: 't',
    cases: [
      {
        id: 'unsupported',
        kind: 'storage-feed-x',
        observed: { metric: 'required_read_mib_s_per_accelerator', value: 100 },
        tolerance_pct: 5,
      },
    ],
  });

  it('--json prints cases and summary with the documented keys', () => {
    const m = memoryIo({ 'v.json': file });
    expect(
      runCli(['validate', 'v.json', 'model/validation/bundled/training-dev.json', '--json'], m.io),
    ).toBe(0);
    const json = JSON.parse(m.out()) as {
      cases: Record<string, unknown>[];
      summary: Record<string, unknown>;
    };
    expect(json.cases.length).toBe(43);
    for (const key of ['id', 'metric', 'predicted', 'observed', 'error_pct', 'within_tolerance']) {
      expect(json.cases[1]).toHaveProperty(key);
    }
    expect(json.cases[0]).toMatchObject({
      id: 'unsupported',
      predicted: null,
      error_pct: null,
      within_tolerance: false,
      failure: 'unsupported kind "storage-feed-x"',
    });
    expect(json.summary).toMatchObject({ n: 43, failed: 1, max_abs_error_pct: null });
    for (const key of ['n', 'median_abs_error_pct', 'max_abs_error_pct', 'within_tolerance_pct']) {
      expect(json.summary).toHaveProperty(key);
    }
  });

  it('text prints one row per case and the summary line', () => {
    const m = memoryIo({ 'v.json': file });
    expect(runCli(['validate', 'v.json'], m.io)).toBe(0);
    const lines = m.out().trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+metric\s+predicted\s+observed\s+error\s+within tolerance$/);
    expect(lines[1]).toContain('FAIL: unsupported kind "storage-feed-x"');
    expect(lines[lines.length - 1]).toBe(
      'n=1  median |error|=∞  max |error|=∞  within tolerance=0.0%, failed 1',
    );
  });

  it('a file not in the format is an error on stderr, exit 1', () => {
    const m = memoryIo({ 'w.json': '{"format":"other","cases":[]}' });
    expect(runCli(['validate', 'w.json'], m.io)).toBe(1);
    expect(m.err()).toContain('format: must be "clusterplan-validation/1"');
  });
});

describe('formatNumber', () => {
  it('4 significant digits, thousands separators, exponent for extremes', () => {
    expect(formatNumber(5.97234)).toBe('5.972');
    expect(formatNumber(1404713.2)).toBe('1,404,713');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(0.0009023)).toBe('9.023e-4');
    expect(formatNumber(2e12)).toBe('2.000e+12');
  });
});

describe('the real process (npx tsx cli/main.ts)', () => {
  it('evaluate --json on stdout with exit 0; a bad file on stderr with exit 1', () => {
    const ok = spawnSync('npx', ['tsx', 'cli/main.ts', 'evaluate', IB, '--json'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { scenario: string }).scenario).toContain('InfiniBand');
    const bad = spawnSync('npx', ['tsx', 'cli/main.ts', 'evaluate', 'no/such/file.json'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('no/such/file.json: cannot read file');
  });
});

describe('one reader: the CLI reads scenario files as the app does', () => {
  const ib = readFileSync(new URL(IB, `file://${root}`), 'utf8');
  const doc = JSON.parse(ib) as Record<string, unknown>;
  const file = (extra: Record<string, unknown>) =>
    JSON.stringify({ format: 'clusterplan-scenarios', baseline: 0, scenarios: [doc], ...extra });

  it.each([
    ['wrong format', file({ format: 'other' }), 'format: must be "clusterplan-scenarios"'],
    ['baseline out of range', file({ baseline: 3 }), 'baseline: must be the index'],
    [
      'more scenarios than can be open',
      file({ scenarios: Array.from({ length: MAX_OPEN_SCENARIOS + 1 }, () => doc) }),
      `scenarios: at most ${MAX_OPEN_SCENARIOS} scenarios`,
    ],
    ['a __proto__ key', ib.replace('{', '{"__proto__":{"x":1},'), 'the key "__proto__"'],
    ['an unknown envelope field', file({ baseLine: 0 }), 'baseLine: is not a known field'],
  ])('refuses %s', (_what, text, message) => {
    const m = memoryIo({ 'f.json': text });
    expect(runCli(['evaluate', 'f.json'], m.io)).toBe(1);
    expect(m.err()).toContain(`f.json: `);
    expect(m.err()).toContain(message);
    expect(m.out()).toBe('');
  });

  it('accepts a UTF-8 byte-order mark, as the app does', () => {
    const m = memoryIo({ 'bom.json': `\uFEFF${ib}` });
    expect(runCli(['evaluate', 'bom.json', '--json'], m.io)).toBe(0);
    expect(m.err()).toBe('');
  });

  it('validate without a file runs the bundled sets (no ../shared needed)', () => {
    const m = memoryIo();
    expect(runCli(['validate', '--json'], m.io)).toBe(0);
    const json = JSON.parse(m.out()) as { summary: { n: number } };
    expect(json.summary.n).toBeGreaterThan(200);
  }, 120_000);
});
