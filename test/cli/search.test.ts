import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import { loadSearchSpec, runSearchCommand } from '../../cli/search/command';
import { getModelPreset } from '../../model/scenario';

const root = resolve(import.meta.dirname, '../..');

function memIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      readFile: (p: string) => files[p] ?? readFileSync(resolve(root, p), 'utf8'),
      stdout: (t: string) => void out.push(t),
      stderr: (t: string) => void err.push(t),
    },
  };
}

/** The example spec, narrowed so the test is quick (2 accelerators × 2 GPU counts). */
function smallSpec(): string {
  const spec = JSON.parse(
    readFileSync(resolve(root, 'examples/search-llama3-70b.json'), 'utf8'),
  ) as {
    space: Record<string, unknown>;
  };
  spec.space['acceleratorIds'] = ['h100-sxm', 'b200'];
  spec.space['gpuCounts'] = [512, 1024];
  return JSON.stringify({ ...spec, base: 'examples/pretrain-llama3-70b-1024xh100-ib.json' });
}

describe('cli search', () => {
  it('inlines a base scenario given as a path relative to the spec', () => {
    const m = memIo();
    const spec = loadSearchSpec('examples/search-llama3-70b.json', m.io) as {
      base: { name: string };
    };
    expect(spec.base.name).toMatch(/Llama 3 70B/);
  });

  it('prints the best builds, the front and the binding constraints (worker threads)', async () => {
    const m = memIo({ 'spec.json': smallSpec() });
    const code = await runSearchCommand(
      { files: ['spec.json'], json: false, unknownOptions: [] },
      m.io,
      {
        workers: 2,
      },
    );
    expect(m.err.join('')).toBe('');
    expect(code).toBe(0);
    const text = m.out.join('');
    expect(text).toMatch(/^Design search: minimise TCO \(USD\)/);
    expect(text).toMatch(/Candidates: 96 · evaluated/);
    expect(text).toMatch(
      /Best \d+ builds:\n {2}1\. [\d,]+ × [^\n]*B200[^\n]*, [\d,]+ GPUs · (InfiniBand|RoCE) /,
    );
    expect(text).toMatch(/binding: /);
    expect(text).toMatch(/Pareto front \(Time to train vs TCO\)/);
  }, 120_000);

  it('a MoE build’s layout names its expert parallelism (the CLI’s own layout text left EP out)', async () => {
    const preset = getModelPreset('qwen3-30b-a3b');
    if (!preset) throw new Error('preset missing');
    const base = JSON.parse(
      readFileSync(resolve(root, 'examples/pretrain-llama3-70b-1024xh100-ib.json'), 'utf8'),
    ) as { workload: Record<string, unknown> };
    base.workload = {
      ...base.workload,
      model: preset.shape,
      training: {
        ...(base.workload['training'] as object),
        globalBatchSeqs: preset.globalBatchSeqs,
        tokensToTrain: 1e11,
      },
      parallelism: 'auto',
    };
    const spec = JSON.parse(
      readFileSync(resolve(root, 'examples/search-llama3-70b.json'), 'utf8'),
    ) as {
      space: Record<string, unknown>;
    };
    const small = {
      ...spec,
      base,
      constraints: {},
      space: {
        ...spec.space,
        acceleratorIds: ['h100-sxm'],
        gpuCounts: [64],
        fabrics: ['infiniband'],
        gbpsPerGpu: [400],
        coolingTypes: ['air'],
        regions: (spec.space['regions'] as unknown[]).slice(0, 1),
      },
    };
    const m = memIo({ 'moe.json': JSON.stringify(small) });
    const code = await runSearchCommand(
      { files: ['moe.json'], json: false, unknownOptions: [] },
      m.io,
      { workers: 1 },
    );
    expect(m.err.join('')).toBe('');
    expect(code).toBe(0);
    expect(m.out.join('')).toMatch(
      /layout TP \d+ · PP \d+[^\n]* · DP \d+ · EP \d+ · micro batch \d+ · ZeRO-\d/,
    );
  }, 120_000);

  it('--json gives the merged result', async () => {
    const m = memIo({ 'spec.json': smallSpec() });
    const code = await runCli(['search', 'spec.json', '--json'], m.io);
    expect(code).toBe(0);
    const r = JSON.parse(m.out.join('')) as {
      total: number;
      best: { index: number; feasible: boolean; figures: { time_to_train_days: number } }[];
      workers: number;
    };
    expect(r.total).toBe(96);
    expect(r.best.length).toBeGreaterThan(0);
    for (const c of r.best) {
      expect(c.feasible).toBe(true);
      expect(c.figures.time_to_train_days).toBeLessThanOrEqual(30);
    }
  }, 120_000);

  it('reports a bad spec with the field named and exit code 1', async () => {
    const m = memIo({
      'bad.json': JSON.stringify({ format: 'clusterplan-search/1', goal: 'x', base: {} }),
    });
    expect(await runCli(['search', 'bad.json'], m.io)).toBe(1);
    expect(m.err.join('')).toMatch(/goal: must be one of/);
    const usage = memIo();
    expect(await runCli(['search'], usage.io)).toBe(2);
  });
});
