/**
 * Every scenario field changes at least one output of evaluate() for some scenario, or is listed
 * in INERT below with the reason. Fields come from the scenario schema itself (the same walk the
 * editor uses), so a new field that reaches no output fails here until it is wired or listed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../model/evaluate';
import { parseScenario, scenarioSchema } from '../../model/scenario';
import {
  describeSchema,
  fieldsOf,
  getIn,
  skeletonOf,
} from '../../renderer/features/scenarios/schemaFields';
import type { FieldNode, ObjectNode } from '../../renderer/features/scenarios/schemaFields';

/** Fields that change no figure, in one place, with the reason. */
const INERT: Readonly<Record<string, string>> = {
  description: 'identity: free text',
  'cluster.storage.nodeCache.driveWriteGBps':
    'not modelled: the cache fills with data already read for training, so cache writes overlap the reads',
  'reliability.switchRadix':
    'counts switches only when no catalog system prices the build; with one, the bill of materials counts them',
  'cluster.storage.checkpointTier.perClientReadGBps':
    'checkpoints are sharded: every node writes and reads its own part at once, so per-client limits are checked on the data tier only',
  'cluster.storage.checkpointTier.metadataOpsPerS':
    'a sharded checkpoint opens a few files per node: file-open rates are checked on the data tier only',
  'calibration.measured.value':
    'records what the multiplier was fitted to (shown in the editor and report)',
  'calibration.source': 'records where the fitted measurement comes from',
  'workload.model.attention.kind': 'names the attention variant; "mla" is the only one',
  'calibration.date': 'records when the fitted measurement was taken',
  'calibration.beforeErrorPct': 'records the engine error before the fit',
  'calibration.afterErrorPct': 'records the engine error after the fit',
};

/** Alternatives for text fields (catalog ids and codes), by path. */
const TEXT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  'cluster.compute.acceleratorId': ['b200', 'a100-sxm-80gb'],
  'cluster.compute.systemId': ['hgx-h100-oem'],
  'facility.presetId': ['ai-ready-air-40kw', 'ai-factory-dlc-132kw'],
  'facility.electricityId': ['us-new-england'],
  'facility.carbonId': ['france-2023'],
  'facility.colocationId': ['northern-virginia-2024'],
  'facility.constructionId': ['tokyo-2025', 'frankfurt-2025'],
  'finance.currency': ['EUR'],
  'finance.cloudPriceId': ['aws-p5-on-demand-2025'],
  'cluster.storage.dataTier.name': ['hybrid-capacity-tier'],
  'cluster.storage.checkpointTier.name': ['hybrid-capacity-tier'],
  'calibration.acceleratorId': ['b200'],
  'workload.partition.profile': ['2g.20gb', '7g.80gb'],
};

function example(name: string): Record<string, unknown> {
  const raw = JSON.parse(
    readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const list = raw['scenarios'];
  return Array.isArray(list) ? (list[0] as Record<string, unknown>) : raw;
}

function setIn(doc: unknown, path: readonly string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(doc) as Record<string, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof node[k] !== 'object' || node[k] === null) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
  return copy;
}

/** Llama 3 8B as a serving model section (config.json). */
const LLAMA3_8B_SERVING = {
  paramsB: 8.03,
  layers: 32,
  hiddenSize: 4096,
  attentionHeads: 32,
  kvHeads: 8,
  ffnHiddenSize: 14336,
  ffnType: 'swiglu',
  vocabSize: 128256,
};

/** The base scenarios: examples and variants that switch on the optional parts. */
function bases(): Record<string, unknown>[] {
  const ib = example('pretrain-llama3-70b-1024xh100-ib.json');
  const vit = example('starved-vit-256xh100-nas.json');
  const serving = example('serving-llama3-70b-8xh100-fp8.json');
  const lora = example('finetune-llama3-8b-8xh100-lora.json');
  const zero3 = setIn(ib, ['workload', 'parallelism'], {
    tp: 1,
    pp: 1,
    dp: 1024,
    cp: 1,
    zeroStage: 3,
    sequenceParallel: false,
  });
  const cpuBound = setIn(
    setIn(vit, ['cluster', 'storage', 'dataset', 'cpuSecondsPerSample'], 0.2),
    ['cluster', 'storage', 'node', 'cpuCoresPerNode'],
    16,
  );
  return [
    ib,
    vit,
    serving,
    lora,
    setIn(setIn(ib, ['facility', 'siting'], 'owned'), ['facility', 'peakOffPeak'], {
      peakPriceUsdPerKwh: 0.2,
      offPeakPriceUsdPerKwh: 0.1,
      peakHoursPerDay: 12,
      peakDaysPerWeek: 5,
    }),
    setIn(
      setIn(vit, ['cluster', 'storage', 'checkpointTier'], { kind: 'parallel-fs' }),
      ['cluster', 'storage', 'nodeCache'],
      { drivesPerNode: 12, prestaged: true },
    ),
    // A finite benchmark run at a stated request rate (requestCount changes the accounting).
    setIn(serving, ['workload', 'serving', 'load'], { mode: 'request_rate', requestsPerS: 5 }),
    setIn(serving, ['workload', 'target'], {
      requestsPerS: 20,
      ttftLimitMs: 2000,
      tpotLimitMs: 50,
    }),
    setIn(zero3, ['workload', 'training', 'recompute'], 'full'),
    // 40 nodes: rail-optimized leaves differ from plain ones.
    setIn(setIn(ib, ['cluster', 'compute', 'gpus'], 320), ['workload', 'parallelism'], 'auto'),
    setIn(ib, ['finance', 'staffFte'], 5),
    cpuBound,
    setIn(
      setIn(vit, ['cluster', 'storage', 'network', 'path'], 'shared-with-compute'),
      ['cluster', 'storage', 'dataTier', 'perClientReadGBps'],
      0.5,
    ),
    setIn(
      setIn(vit, ['cluster', 'storage', 'network'], {
        path: 'shared-with-compute',
        perNodeGBps: 0.05,
      }),
      ['cluster', 'storage', 'dataTier', 'readGBps'],
      1e5,
    ),
    // Mixture of experts (Mixtral 8x7B shape), served with a stated layout, and trained.
    setIn(
      setIn(serving, ['workload', 'model'], {
        paramsB: 46.7,
        layers: 32,
        hiddenSize: 4096,
        attentionHeads: 32,
        kvHeads: 8,
        ffnHiddenSize: 14336,
        ffnType: 'swiglu',
        vocabSize: 32000,
        moe: { experts: 8, topK: 2, activeParamsB: 12.9 },
      }),
      ['workload', 'parallelism'],
      { tp: 4, pp: 1, ep: 1, replicas: 2 },
    ),
    setIn(lora, ['workload', 'model', 'moe'], { experts: 8, topK: 2 }),
    // Many small experts on short sequences: kernels shorter than their eager launches (CUDA graphs).
    setIn(lora, ['workload', 'model'], {
      ...((lora['workload'] as Record<string, unknown>)['model'] as Record<string, unknown>),
      hiddenSize: 1024,
      attentionHeads: 8,
      kvHeads: 8,
      ffnHiddenSize: 256,
      seqLenTokens: 128,
      moe: { experts: 128, topK: 8 },
    }),
    // MoE with a dense first layer (DeepSeek-style `first_k_dense_replace`).
    setIn(lora, ['workload', 'model', 'moe'], {
      experts: 8,
      topK: 2,
      firstDenseLayers: 1,
      denseFfnHiddenSize: 28672,
    }),
    // DeepSeek-V2-Lite's shape (MLA, shared experts, a dense first layer; config.json) served on
    // two GPUs with MTP modules as the speculative draft (two, so one more drafted token is a
    // setting the scenario accepts: more drafted tokens than modules are refused at load).
    setIn(
      setIn(
        setIn(serving, ['workload', 'model'], {
          paramsB: 15.7,
          layers: 27,
          hiddenSize: 2048,
          attentionHeads: 16,
          kvHeads: 16,
          ffnHiddenSize: 1408,
          ffnType: 'swiglu',
          vocabSize: 102400,
          mtpLayers: 2,
          attention: {
            kind: 'mla',
            kvLoraRank: 512,
            qLoraRank: null,
            qkNopeHeadDim: 128,
            qkRopeHeadDim: 64,
            vHeadDim: 128,
          },
          moe: {
            experts: 64,
            topK: 6,
            activeParamsB: 2.4,
            sharedExperts: 2,
            firstDenseLayers: 1,
            denseFfnHiddenSize: 10944,
          },
        }),
        ['workload', 'parallelism'],
        { tp: 2, pp: 1, ep: 1, replicas: 1 },
      ),
      ['workload', 'serving', 'speculative'],
      { draftTokens: 1 },
    ),
    // Llama 3 8B on MIG slices: by stated shares, and by a named profile.
    setIn(setIn(serving, ['workload', 'model'], LLAMA3_8B_SERVING), ['workload', 'partition'], {
      kind: 'mig',
      computeShare: 3 / 7,
      memoryShare: 0.5,
    }),
    setIn(setIn(serving, ['workload', 'model'], LLAMA3_8B_SERVING), ['workload', 'partition'], {
      kind: 'mig',
      profile: '3g.40gb',
    }),
    setIn(ib, ['calibration'], {
      computeEfficiencyMultiplier: 0.9,
      acceleratorId: 'h100-sxm',
      stack: 'optimized',
      precision: 'bf16',
      measured: { kind: 'step_time_s', value: 8 },
      source: 'test',
      date: '2026-11-26',
      beforeErrorPct: 5,
      afterErrorPct: 0,
    }),
  ];
}

/**
 * A base with the field's enclosing objects present: where the scenario leaves one out (an
 * optional block, `auto`, another variant), its skeleton, so the field itself can be varied.
 */
function withParents(
  doc: Record<string, unknown>,
  f: FieldNode,
  root: ObjectNode,
): Record<string, unknown> {
  let out = doc;
  let node: ObjectNode = root;
  for (let i = 0; i < f.path.length - 1; i++) {
    const child = node.children.find((c) => c.key === f.path[i]);
    if (!child) return out;
    const p = f.path.slice(0, i + 1);
    const cur = getIn(out, p);
    if (child.kind === 'object') {
      if (cur === null || typeof cur !== 'object') out = setIn(out, p, skeletonOf(child));
      node = child;
    } else if (child.kind === 'variant') {
      const branch = child.branches.find((b) => fieldsOf(b.node).includes(f));
      if (!branch) return out;
      const disc =
        cur !== null && typeof cur === 'object'
          ? (cur as Record<string, unknown>)[child.discriminator]
          : undefined;
      if (disc !== branch.value)
        out = setIn(out, p, { [child.discriminator]: branch.value, ...skeletonOf(branch.node) });
      node = branch.node;
    } else return out;
  }
  return out;
}

function candidates(f: FieldNode, current: unknown): unknown[] {
  const key = f.path.join('.');
  const v = f.value;
  const out: unknown[] = [];
  // A boolean that may be `auto` has two stated values to try.
  if (v.type === 'boolean') out.push(...[true, false].filter((b) => b !== current));
  else if (v.type === 'enum') out.push(...v.options.filter((o) => o !== current));
  else if (v.type === 'string') out.push(...(TEXT_OPTIONS[key] ?? []));
  else if (v.type === 'number') {
    const min = v.min ?? 0;
    const max = v.max ?? 1e6;
    const base = typeof current === 'number' ? current : null;
    const raw =
      base === null
        ? [min + (max - min) * 0.001, 0.01, 1, 10, 100, 1000, min + (max - min) * 0.5]
        : [base * 2, base * 0.5, base + 1, base - 1, base * 10, base * 0.01, min, max];
    for (const x of raw) {
      const y = v.int ? Math.round(x) : x;
      if (y >= min && y <= max && y !== base && !out.includes(y)) out.push(y);
    }
  }
  if (f.auto && current !== 'auto') out.push('auto');
  if (f.nullable && current !== null) out.push(null);
  return out;
}

/** What a result shows: its figures, warnings and bottleneck (as comparable text). */
function fingerprint(doc: unknown): string | null {
  const p = parseScenario(doc);
  if (!p.ok) return null;
  try {
    const r = evaluate(p.scenario);
    return JSON.stringify([r.metrics, r.warnings, r.bottleneck?.text ?? null]);
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  }
}

describe('every scenario field reaches an output', () => {
  it('changes a figure for some scenario, or is listed as inert with its reason', () => {
    const root = describeSchema(scenarioSchema, []) as ObjectNode;
    const fields = fieldsOf(root);
    const docs = bases();
    const prints = new Map<Record<string, unknown>, string | null>();
    const printOf = (d: Record<string, unknown>): string | null => {
      if (!prints.has(d)) prints.set(d, fingerprint(d));
      return prints.get(d) ?? null;
    };
    const moved = new Set<string>();
    const keys = new Set<string>();
    for (const f of fields) {
      const key = f.path.join('.');
      keys.add(key);
      if (moved.has(key) || key in INERT || key === 'schemaVersion') continue;
      for (let i = 0; i < docs.length && !moved.has(key); i++) {
        const base = withParents(docs[i] as Record<string, unknown>, f, root);
        const before = printOf(base);
        if (before === null) continue;
        const parsedBase = parseScenario(base);
        const current = parsedBase.ok ? getIn(parsedBase.scenario, f.path) : undefined;
        for (const c of candidates(f, current)) {
          const after = fingerprint(setIn(base, f.path, c));
          if (after !== null && after !== before) {
            moved.add(key);
            break;
          }
        }
      }
    }
    const silent = [...keys].filter((k) => !moved.has(k) && !(k in INERT) && k !== 'schemaVersion');
    // The inert list names fields that exist.
    expect(Object.keys(INERT).filter((k) => !keys.has(k))).toEqual([]);
    expect(silent).toEqual([]);
  }, 120_000);
});
