import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SCENARIO_SCHEMA_VERSION,
  getModelPreset,
  modelPresets,
  parseScenario,
  parseScenarioFile,
  parseScenarioOrThrow,
} from '../../../model/scenario';
import type { ScenarioIssue } from '../../../model/scenario';
import { baseScenario, withValue } from './helpers';

function issuesOf(raw: unknown): readonly ScenarioIssue[] {
  const r = parseScenario(raw);
  if (r.ok) throw new Error('expected the scenario to be rejected');
  return r.issues;
}

describe('scenario schema', () => {
  it('parses a minimal training scenario and fills defaults', () => {
    const s = parseScenarioOrThrow(baseScenario());
    expect(s.schemaVersion).toBe(SCENARIO_SCHEMA_VERSION);
    if (s.workload.kind !== 'training') throw new Error('kind');
    expect(s.workload.training.microBatchSeqs).toBe('auto');
    expect(s.workload.training.recompute).toBe('auto');
    expect(s.workload.training.precision).toBe('bf16');
    expect(s.workload.training.finetune).toEqual({ method: 'full' });
    expect(s.workload.training.tokensToTrain).toBeNull();
    expect(s.workload.model.moe).toBeNull();
    expect(s.cluster.compute.stack).toBe('optimized');
    expect(s.cluster.compute.nvlinkDomainGpus).toBe('auto');
    expect(s.cluster.network.scaleOut.oversubscriptionRatio).toBe(1);
    expect(s.cluster.network.scaleOut.fatTreeTiers).toBe('auto');
    expect(s.description).toBe('');
  });

  it('names the field and its range for a value out of range', () => {
    const issues = issuesOf(withValue(baseScenario(), ['workload', 'model', 'layers'], 0));
    expect(issues).toEqual([
      { path: 'workload.model.layers', message: 'must be an integer from 1 to 1000 layers' },
    ]);
    const gbps = issuesOf(
      withValue(baseScenario(), ['cluster', 'network', 'scaleOut', 'gbpsPerGpu'], 1e6),
    );
    expect(gbps[0]?.path).toBe('cluster.network.scaleOut.gbpsPerGpu');
    expect(gbps[0]?.message).toContain('from 1 to 6400 Gb/s');
  });

  it('rejects non-integers, strings and NaN for integer fields', () => {
    for (const bad of [2.5, '8', Number.NaN, Number.POSITIVE_INFINITY, null]) {
      const issues = issuesOf(withValue(baseScenario(), ['cluster', 'compute', 'gpus'], bad));
      expect(issues[0]?.path).toBe('cluster.compute.gpus');
      expect(issues[0]?.message).toContain('from 1 to');
    }
  });

  it('rejects an accelerator the catalog does not know, listing the known ids', () => {
    const issues = issuesOf(
      withValue(baseScenario(), ['cluster', 'compute', 'acceleratorId'], 'h100-pcie-typo'),
    );
    expect(issues[0]?.path).toBe('cluster.compute.acceleratorId');
    expect(issues[0]?.message).toMatch(
      /^unknown accelerator "h100-pcie-typo" \(catalog ids: .*h100-sxm/,
    );
  });

  it('names an unknown field (typos are not silently dropped)', () => {
    const issues = issuesOf(withValue(baseScenario(), ['cluster', 'compute', 'gpuCount'], 8));
    expect(issues).toContainEqual({
      path: 'cluster.compute.gpuCount',
      message: 'is not a known field',
    });
  });

  it('names the enum field and lists the allowed values', () => {
    const issues = issuesOf(
      withValue(baseScenario(), ['cluster', 'network', 'scaleOut', 'fabric'], 'omnipath'),
    );
    expect(issues[0]?.path).toBe('cluster.network.scaleOut.fabric');
    expect(issues[0]?.message).toBe('must be one of "infiniband", "roce", "ethernet"');
  });

  it('checks kvHeads divides attentionHeads and hidden is a multiple of heads', () => {
    const kv = issuesOf(withValue(baseScenario(), ['workload', 'model', 'kvHeads'], 5));
    expect(kv[0]).toEqual({
      path: 'workload.model.kvHeads',
      message: 'must divide attentionHeads (32)',
    });
    const h = issuesOf(withValue(baseScenario(), ['workload', 'model', 'hiddenSize'], 4100));
    expect(h[0]?.path).toBe('workload.model.hiddenSize');
  });

  // The training engine takes these sections as parsed and checks nothing again (issue 19): each
  // value it once refused itself is refused here, under the scenario's name for the field.
  it.each([
    [['cluster', 'compute', 'gpus'], 0],
    [['workload', 'model', 'layers'], Number.NaN],
    [['workload', 'training', 'precision'], 'fp6'],
    [['workload', 'training', 'globalBatchSeqs'], 0],
    [['workload', 'training', 'attentionKernel'], 'magic'],
    [['workload', 'training', 'zero3Gathers'], 'fast'],
    [['workload', 'training', 'gradSync'], 'gossip'],
    [['workload', 'training', 'moeDispatcher'], 'nccl'],
    [['workload', 'training', 'powerLimitW'], -5],
    [['workload', 'training', 'packedDocTokens'], 0],
    [['workload', 'training', 'evaluation'], { intervalSeqs: 384, evalSeqs: 173, skipEvals: -1 }],
    [['cluster', 'network', 'scaleOut', 'fabric'], 'tokenring'],
  ] as const)('refuses %j = %j naming the field', (path, value) => {
    const issues = issuesOf(withValue(baseScenario(), [...path], value));
    expect(issues[0]?.path.startsWith(path.join('.'))).toBe(true);
  });

  it('checks MoE topK ≤ experts', () => {
    const issues = issuesOf(
      withValue(baseScenario(), ['workload', 'model', 'moe'], { experts: 8, topK: 9 }),
    );
    expect(issues[0]).toEqual({
      path: 'workload.model.moe.topK',
      message: 'must be at most experts (8)',
    });
  });

  it('checks an explicit layout multiplies to the GPU count', () => {
    const issues = issuesOf(
      withValue(baseScenario(), ['workload', 'parallelism'], { tp: 8, pp: 2, dp: 2, cp: 1 }),
    );
    expect(issues[0]?.path).toBe('workload.parallelism');
    expect(issues[0]?.message).toContain(
      "= 32 must equal the cluster's GPUs (cluster.compute.gpus, 64)",
    );
    const ok = parseScenario(
      withValue(baseScenario(), ['workload', 'parallelism'], { tp: 8, pp: 2 }),
    );
    expect(ok.ok).toBe(true);
  });

  it('names the innermost field of a bad layout object', () => {
    const issues = issuesOf(
      withValue(baseScenario(), ['workload', 'parallelism'], { tp: 0, zeroStage: 4 }),
    );
    expect(issues.map((i) => i.path)).toEqual([
      'workload.parallelism.tp',
      'workload.parallelism.zeroStage',
    ]);
    expect(issues[1]?.message).toBe('must be "auto" or 0, 1, 2 or 3');
  });

  it('checks the global batch against dp × micro batch', () => {
    const raw = withValue(
      withValue(baseScenario(), ['workload', 'parallelism'], { tp: 8, pp: 1, dp: 8 }),
      ['workload', 'training', 'microBatchSeqs'],
      3,
    );
    const issues = issuesOf(raw);
    expect(issues[0]?.path).toBe('workload.training.globalBatchSeqs');
  });

  it('checks gpusPerNode ≤ gpus', () => {
    const issues = issuesOf(withValue(baseScenario(), ['cluster', 'compute', 'gpus'], 4));
    expect(issues[0]).toEqual({
      path: 'cluster.compute.gpusPerNode',
      message: 'must not exceed cluster.compute.gpus (4)',
    });
  });

  it('rejects an unknown workload kind naming `workload.kind`', () => {
    const issues = issuesOf(withValue(baseScenario(), ['workload'], { kind: 'inference' }));
    expect(issues[0]?.path).toBe('workload.kind');
  });

  it('accepts LoRA fine-tuning and rejects a rank of 0', () => {
    const ok = parseScenario(
      withValue(baseScenario(), ['workload', 'training', 'finetune'], { method: 'lora', rank: 16 }),
    );
    expect(ok.ok).toBe(true);
    const issues = issuesOf(
      withValue(baseScenario(), ['workload', 'training', 'finetune'], { method: 'lora', rank: 0 }),
    );
    expect(issues[0]?.path).toBe('workload.training.finetune.rank');
  });

  it('exposes numeric ranges on the schema for forms', async () => {
    const { modelShapeSchema } = await import('../../../model/scenario');
    const layers = modelShapeSchema.shape.layers as unknown as {
      minValue: number;
      maxValue: number;
    };
    expect(layers.minValue).toBe(1);
    expect(layers.maxValue).toBe(1000);
  });
});

describe('messages in the user’s words, one per problem', () => {
  it('a value of the wrong type says what it must be (zod’s “Invalid input: expected object” before)', () => {
    const serving = withValue(baseScenario(), ['workload'], {
      kind: 'serving',
      model: { preset: 'llama3-8b' },
      parallelism: 'auto',
    });
    expect(issuesOf(serving)).toContainEqual({
      path: 'workload.parallelism',
      message: 'must be a group of fields ({ … }), not text',
    });
    expect(issuesOf(withValue(baseScenario(), ['cluster'], null))).toEqual([
      { path: 'cluster', message: 'must be a group of fields ({ … }), not null' },
    ]);
    expect(issuesOf(withValue(baseScenario(), ['workload', 'training'], [1]))).toEqual([
      {
        path: 'workload.training',
        message: 'must be a group of fields ({ … }), not a list ([ … ])',
      },
    ]);
  });

  it('a field out of range is one problem, not the cross-field checks computed from it', () => {
    // Before: also "gpusPerNode must not exceed cluster.compute.gpus (-1)" and a layout
    // "exceeds the cluster's -1 GPUs".
    expect(issuesOf(withValue(baseScenario(), ['cluster', 'compute', 'gpus'], -1))).toEqual([
      { path: 'cluster.compute.gpus', message: 'must be an integer from 1 to 1e6 GPUs' },
    ]);
  });
});

describe('scenario files with several scenarios', () => {
  it('parses `{scenarios: [...]}` and prefixes issue paths with the index', () => {
    const good = baseScenario();
    const bad = withValue(baseScenario(), ['workload', 'model', 'layers'], -1);
    const ok = parseScenarioFile({ scenarios: [good, good] });
    expect(ok.ok && ok.scenarios.length).toBe(2);
    const r = parseScenarioFile({ scenarios: [good, bad] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.path).toBe('scenarios[1].workload.model.layers');
    const empty = parseScenarioFile({ scenarios: [] });
    expect(empty.ok).toBe(false);
  });
});

describe('model presets', () => {
  it('every preset parses as a scenario model and carries a source and date', () => {
    expect(modelPresets.map((p) => p.id)).toEqual([
      'gpt3-175b',
      'llama3-8b',
      'llama3-70b',
      'llama3-405b',
      'megatron-1t',
      'deepseek-v3',
      'deepseek-r1',
      'qwen3-235b-a22b',
      'qwen3-30b-a3b',
      'gpt-oss-120b',
      'kimi-k2',
    ]);
    for (const p of modelPresets) {
      expect(p.source.length).toBeGreaterThan(20);
      expect(p.date).toMatch(/^\d{4}-\d{2}$/);
      const raw = withValue(
        withValue(baseScenario(), ['workload', 'model'], p.shape),
        ['workload', 'training', 'globalBatchSeqs'],
        p.globalBatchSeqs,
      );
      expect(parseScenario(raw).ok).toBe(true);
    }
  });

  it('preset shapes count to their published parameter totals (12·L·h² + embeddings, ±3 %)', () => {
    // Dense presets here; the MoE presets (experts, MLA, head widths) are counted by the
    // workload's paramCounts in presets.test.ts.
    for (const p of modelPresets.filter((x) => x.shape.moe === null)) {
      const s = p.shape;
      const headDim = s.hiddenSize / s.attentionHeads;
      const attn = 2 * s.hiddenSize * s.hiddenSize + 2 * s.hiddenSize * s.kvHeads * headDim;
      const ffn = (s.ffnType === 'swiglu' ? 3 : 2) * s.hiddenSize * s.ffnHiddenSize;
      const emb = s.vocabSize * s.hiddenSize * (s.tiedEmbeddings === false ? 2 : 1);
      const params = s.layers * (attn + ffn) + emb;
      expect(Math.abs(params / 1e9 / p.paramsBillion - 1)).toBeLessThan(0.03);
    }
    expect(getModelPreset('nope')).toBeUndefined();
  });
});

/** Numeric fields with their bounds: [path, min, max, integer]. */
const NUMERIC_FIELDS: readonly [readonly string[], number, number, boolean][] = [
  [['workload', 'model', 'layers'], 1, 1000, true],
  [['workload', 'model', 'hiddenSize'], 16, 262_144, true],
  [['workload', 'model', 'attentionHeads'], 1, 4096, true],
  [['workload', 'model', 'vocabSize'], 1, 4_000_000, true],
  [['workload', 'model', 'seqLenTokens'], 1, 16_777_216, true],
  [['workload', 'model', 'ffnHiddenSize'], 1, 2_097_152, true],
  [['workload', 'training', 'globalBatchSeqs'], 1, 100_000_000, true],
  [['workload', 'training', 'tokensToTrain'], 1, 1e16, false],
  [['workload', 'training', 'fixedOverheadS'], 0, 1e8, false],
  [['cluster', 'compute', 'gpus'], 1, 1_000_000, true],
  [['cluster', 'compute', 'gpusPerNode'], 1, 128, true],
  [['cluster', 'network', 'scaleOut', 'gbpsPerGpu'], 1, 6400, false],
  [['cluster', 'network', 'scaleOut', 'oversubscriptionRatio'], 1, 64, false],
];

describe('property: bad input is rejected with a message naming the field', () => {
  it('out-of-range, non-numeric or non-finite values name the field path', () => {
    const badValue = fc.oneof(
      fc.constant(Number.NaN),
      fc.constant(Number.POSITIVE_INFINITY),
      fc.constant('12'),
      fc.constant(true),
      fc.constant({}),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: NUMERIC_FIELDS.length - 1 }),
        fc.oneof(
          fc
            .double({ min: -1e9, max: -1e-3, noNaN: true })
            .map((d) => ({ kind: 'below' as const, d })),
          fc
            .double({ min: 1e-3, max: 1e9, noNaN: true })
            .map((d) => ({ kind: 'above' as const, d })),
          badValue.map((v) => ({ kind: 'bad' as const, v })),
        ),
        (index, choice) => {
          const [path, min, max] = NUMERIC_FIELDS[index] as (typeof NUMERIC_FIELDS)[number];
          const value =
            choice.kind === 'below'
              ? min + choice.d
              : choice.kind === 'above'
                ? max + max * choice.d
                : choice.v;
          const r = parseScenario(withValue(baseScenario(), path, value));
          expect(r.ok).toBe(false);
          if (!r.ok) {
            const issue = r.issues.find((i) => i.path === path.join('.'));
            expect(issue, `issues: ${JSON.stringify(r.issues)}`).toBeDefined();
            expect(issue?.message).toMatch(/from .* to /);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('in-range integers are accepted for every integer field of the list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: NUMERIC_FIELDS.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (index, t) => {
          const [path, min, max, integer] = NUMERIC_FIELDS[
            index
          ] as (typeof NUMERIC_FIELDS)[number];
          // Stay in a range that keeps the cross-field checks satisfied.
          if (
            path.join('.') === 'workload.model.hiddenSize' ||
            path.join('.') === 'workload.model.attentionHeads'
          )
            return;
          const raw = min + (Math.min(max, min + 1e6) - min) * t;
          const value = integer ? Math.round(raw) : raw;
          // Keep gpusPerNode ≤ gpus (a cross-field rule) while varying either.
          const key = path.join('.');
          // Varying gpusPerNode keeps a CPU core per node for data pre-processing (another
          // cross-field rule: one core per GPU is kept for the training processes).
          const other =
            key === 'cluster.compute.gpus'
              ? withValue(baseScenario(), ['cluster', 'compute', 'gpusPerNode'], 1)
              : key === 'cluster.compute.gpusPerNode'
                ? withValue(
                    withValue(baseScenario(), ['cluster', 'compute', 'gpus'], 128),
                    ['cluster', 'storage'],
                    { node: { cpuCoresPerNode: 256 } },
                  )
                : baseScenario();
          const r = parseScenario(withValue(other, path, value));
          expect(r.ok, JSON.stringify(r)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
