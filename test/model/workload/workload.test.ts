import { describe, expect, it } from 'vitest';
import type { ModelShape } from '../../../model/training/types';
import {
  expertParallelIgnored,
  activationBytesPerLayer,
  memoryPerGpu,
  memoryTotalBytes,
  modelFlopsPerToken,
  paramCounts,
  totalBytesByRecomputedLayers,
} from '../../../model/workload';
import type { MemoryLayout } from '../../../model/workload';

const GPT3: ModelShape = {
  layers: 96,
  hidden: 12288,
  heads: 96,
  kvHeads: 96,
  ffnHidden: 49152,
  ffnType: 'gelu',
  vocab: 51200,
  seqLen: 2048,
  moe: null,
};
const LLAMA3_8B: ModelShape = {
  layers: 32,
  hidden: 4096,
  heads: 32,
  kvHeads: 8,
  ffnHidden: 14336,
  ffnType: 'swiglu',
  vocab: 128256,
  seqLen: 8192,
  moe: null,
  tiedEmbeddings: false,
};
const layout = (o: Partial<MemoryLayout>): MemoryLayout => ({
  tp: 1,
  pp: 1,
  dp: 1,
  cp: 1,
  ep: 1,
  vpp: 1,
  zeroStage: 0,
  sequenceParallel: false,
  microBatch: 1,
  recompute: 'none',
  microBatchesPerStep: 1,
  ...o,
});

describe('parameter counts', () => {
  it('GPT-3 175B: Megatron eq. 12·L·h²·(1 + 13/(12h) + V/(12·L·h)) = 174.6e9', () => {
    const p = paramCounts(GPT3);
    // 12·96·12288²·(1 + 13/(12·12288) + 51200/(12·96·12288)) = 174.56e9 (no position embedding here)
    expect(p.total / 1e9).toBeCloseTo(174.56, 1);
  });
  it('Llama 3 8B (GQA, SwiGLU, untied): 8.03e9', () => {
    expect(paramCounts(LLAMA3_8B).total / 1e9).toBeCloseTo(8.03, 1);
  });
  it('MoE: active parameters use top-k experts', () => {
    const moe = { ...LLAMA3_8B, moe: { experts: 8, topK: 2 } };
    const p = paramCounts(moe);
    expect(p.total).toBeGreaterThan(p.active);
    expect(p.active).toBeGreaterThan(paramCounts(LLAMA3_8B).active);
  });
});

describe('model FLOPs per token (PaLM convention)', () => {
  it('is 6N + 12·L·h·s', () => {
    const p = paramCounts(GPT3);
    expect(modelFlopsPerToken(GPT3, 0)).toBe(6 * p.active + 12 * 96 * 12288 * 2048);
  });
  it('PaLM 540B: 238.3K tokens/s on 6144 TPUv4 at 275 TFLOP/s is 46.2 % MFU (±0.5)', () => {
    // PaLM paper App. B: N = 540.35e9, L = 118, h = 18432, s = 2048.
    const flops = 6 * 540.35e9 + 12 * 118 * 18432 * 2048;
    const mfu = (238.3e3 * flops) / (6144 * 275e12);
    expect(mfu * 100).toBeGreaterThan(45.7);
    expect(mfu * 100).toBeLessThan(46.7);
  });
  it('LoRA drops the base weight-gradient term (4N instead of 6N)', () => {
    const p = paramCounts(GPT3);
    expect(modelFlopsPerToken(GPT3, 1e6)).toBe(4 * p.active + 6e6 + 12 * 96 * 12288 * 2048);
  });
});

describe('activation memory (Korthikanti et al. 2022)', () => {
  const sbh = 2048 * 1 * 12288;
  it('no recompute, no SP: s·b·h·(10 + 24/t + 5·a·s/(h·t))', () => {
    const got = activationBytesPerLayer(GPT3, layout({ tp: 8 }), false, 'none');
    expect(got).toBeCloseTo(sbh * (10 + 24 / 8 + (5 * 96 * 2048) / (12288 * 8)), 0);
  });
  it('selective + SP: s·b·h·34/t', () => {
    const got = activationBytesPerLayer(
      GPT3,
      layout({ tp: 8, sequenceParallel: true }),
      false,
      'selective',
    );
    expect(got).toBeCloseTo((sbh * 34) / 8, 0);
  });
  it('full recompute keeps the 2·s·b·h layer input', () => {
    expect(activationBytesPerLayer(GPT3, layout({ tp: 8 }), false, 'full')).toBe(2 * sbh);
  });
  it('selective recompute of an MLA layer drops its up-projected Q, K and V (16-bit each)', () => {
    // DeepSeek-V3's attention: 128 heads, Q/K 192 wide (128 + 64 rope), V 128; latents kept.
    const mla: ModelShape = {
      ...GPT3,
      hidden: 7168,
      heads: 128,
      kvHeads: 128,
      seqLen: 4096,
      mla: {
        kind: 'mla',
        kvLoraRank: 512,
        qLoraRank: 1536,
        qkNopeHeadDim: 128,
        qkRopeHeadDim: 64,
        vHeadDim: 128,
      },
    };
    const none = activationBytesPerLayer(mla, layout({}), true, 'none');
    const selective = activationBytesPerLayer(mla, layout({}), true, 'selective');
    const qkvBytesPerToken = 2 * 128 * 192 + 2 * 128 * (192 + 128);
    expect(none - selective).toBeCloseTo(4096 * qkvBytesPerToken, 0);
    // The per-shape memo keys on the kept Q/K/V too: asked in the other order, the same numbers.
    expect(activationBytesPerLayer(mla, layout({}), true, 'selective')).toBe(selective);
    expect(activationBytesPerLayer(mla, layout({}), true, 'none')).toBe(none);
    // Without MLA, FlashAttention already stores no scores: selective keeps what none keeps.
    expect(activationBytesPerLayer(GPT3, layout({}), true, 'selective')).toBe(
      activationBytesPerLayer(GPT3, layout({}), true, 'none'),
    );
  });
});

describe('model states (Megatron 18 B/param, ZeRO)', () => {
  const opt = { flashAttention: true, loraParams: 0, gradBytes: 4 };
  it('ZeRO-0: 2 + 4 + 12 bytes per parameter', () => {
    const m = memoryPerGpu(GPT3, layout({ tp: 8, pp: 8 }), opt);
    const perParam = (m.weightsBytes + m.gradientsBytes + m.optimizerBytes) / (m.weightsBytes / 2);
    expect(perParam).toBeCloseTo(18, 6);
  });
  it('ZeRO-1 shards the optimizer over DP: 6 + 12/dp', () => {
    const m = memoryPerGpu(GPT3, layout({ tp: 8, pp: 8, dp: 4, zeroStage: 1 }), opt);
    expect(m.optimizerBytes / (m.weightsBytes / 2)).toBeCloseTo(3, 6);
  });
  it('activations grow with the micro batch', () => {
    const a = memoryPerGpu(
      GPT3,
      layout({ tp: 8, pp: 8, microBatch: 1, microBatchesPerStep: 8 }),
      opt,
    );
    const b = memoryPerGpu(
      GPT3,
      layout({ tp: 8, pp: 8, microBatch: 2, microBatchesPerStep: 8 }),
      opt,
    );
    expect(b.activationsBytes).toBeGreaterThan(a.activationsBytes);
  });
});

describe('block recompute (k of a stage’s layers, Megatron --recompute-method block)', () => {
  const opt = { flashAttention: true, loraParams: 0 };
  const base = layout({ tp: 8, pp: 8, dp: 4, zeroStage: 1, sequenceParallel: true });
  const at = (k: number | undefined, recompute: 'none' | 'full' = 'full') =>
    memoryPerGpu(
      GPT3,
      {
        ...base,
        recompute,
        microBatchesPerStep: 16,
        ...(k === undefined ? {} : { recomputeLayers: k }),
      },
      opt,
    ).activationsBytes;
  it('k = 0 keeps everything (as none); k = all layers is uniform full recompute', () => {
    expect(at(0)).toBeCloseTo(at(undefined, 'none'), 0);
    expect(at(12)).toBeCloseTo(at(undefined), 0);
  });
  it('activation memory falls with every layer recomputed', () => {
    for (let k = 1; k <= 12; k++) expect(at(k)).toBeLessThan(at(k - 1));
  });
  it('the per-count total (used by the layout search) equals memoryPerGpu exactly, for every count', () => {
    const cases: [ModelShape, MemoryLayout, typeof opt & { gemmInputBytes?: number }][] = [
      [GPT3, { ...base, recompute: 'full', microBatchesPerStep: 16 }, opt],
      [GPT3, { ...base, pp: 1, vpp: 1, recompute: 'full', microBatchesPerStep: 4 }, opt],
      [
        LLAMA3_8B,
        layout({ tp: 2, pp: 4, vpp: 2, dp: 8, zeroStage: 1, recompute: 'full' }),
        { flashAttention: true, loraParams: 0, gemmInputBytes: 1 },
      ],
      [LLAMA3_8B, layout({ pp: 2, recompute: 'full', microBatch: 2 }), { ...opt, loraParams: 4e6 }],
    ];
    for (const [m, l, o] of cases) {
      const total = totalBytesByRecomputedLayers(m, l, o);
      const perStage = Math.ceil(m.layers / l.pp);
      for (let k = 0; k <= perStage; k++) {
        expect(total(k)).toBe(memoryPerGpu(m, { ...l, recomputeLayers: k }, o).totalBytes);
      }
    }
  });
});

describe('memory memos (the layout search asks for one shape once per candidate)', () => {
  const MOE: ModelShape = {
    ...LLAMA3_8B,
    moe: { experts: 8, topK: 2, sharedExperts: 1, firstDenseLayers: 1 },
  };
  const layouts = [
    layout({ tp: 8, pp: 8, dp: 4, zeroStage: 1, sequenceParallel: true }),
    layout({ tp: 2, pp: 4, vpp: 2, dp: 8, zeroStage: 1, recompute: 'full', microBatch: 2 }),
    layout({ tp: 4, cp: 2, recompute: 'selective', microBatchesPerStep: 8 }),
    layout({ pp: 2, ep: 4, dp: 4, recompute: 'full', recomputeLayers: 3, microBatchesPerStep: 4 }),
  ];
  const options = [
    { flashAttention: true, loraParams: 0 },
    { flashAttention: false, loraParams: 0, gemmInputBytes: 1 },
    { flashAttention: true, loraParams: 4e6, gemmInputBytes: 2 },
  ];
  it('give the same numbers whatever shape and byte width were asked for before', () => {
    const cases = [GPT3, LLAMA3_8B, MOE].flatMap((m) =>
      options.flatMap((o) => layouts.map((l) => ({ m, o, l }))),
    );
    const run = (order: typeof cases) =>
      new Map(
        order.map((c) => [
          c,
          {
            parts: memoryPerGpu(c.m, c.l, c.o),
            total: memoryTotalBytes(c.m, c.l, c.o),
            acts: (['none', 'selective', 'full'] as const).map((rc) =>
              activationBytesPerLayer(c.m, c.l, c.o.flashAttention, rc, c.o.gemmInputBytes),
            ),
          },
        ]),
      );
    const forward = run(cases);
    const backward = run([...cases].reverse());
    for (const c of cases) {
      const f = forward.get(c);
      expect(f).toEqual(backward.get(c));
      expect(f?.total).toBe(f?.parts.totalBytes);
    }
  });
  it('a shape asked for right after another with other widths does not get its numbers', () => {
    const l = layouts[0] ?? layout({});
    const acts = (m: ModelShape, g: number) => activationBytesPerLayer(m, l, true, 'none', g);
    const wide = acts(GPT3, 2);
    expect(acts({ ...GPT3, ffnHidden: GPT3.ffnHidden / 2 }, 2)).toBeLessThan(wide);
    expect(acts(GPT3, 1)).toBeLessThan(wide);
    expect(acts(GPT3, 2)).toBe(wide);
  });
  it('memoryPerGpu parts survive later memory evaluations', () => {
    const l = layouts[1] ?? layout({});
    const o = options[0] ?? { flashAttention: true, loraParams: 0 };
    const first = memoryPerGpu(GPT3, l, o);
    const copy = { ...first };
    memoryPerGpu(LLAMA3_8B, layouts[0] ?? l, o);
    memoryTotalBytes(MOE, layouts[3] ?? l, o);
    totalBytesByRecomputedLayers(GPT3, l, o)(2);
    expect(first).toEqual(copy);
  });
});

describe('expert parallelism on a dense model', () => {
  const moe = { experts: 8, topK: 2, activeParams: 12.9e9 } as unknown as NonNullable<
    ModelShape['moe']
  >;
  it('warns only for a dense model with an expert degree above 1, naming the field', () => {
    expect(expertParallelIgnored({ moe: null }, 1, 1)).toBeNull();
    expect(expertParallelIgnored({ moe: null }, null, null)).toBeNull();
    expect(expertParallelIgnored({ moe }, 8, 2)).toBeNull();
    expect(expertParallelIgnored({ moe: null }, 8)).toMatch(/^workload\.parallelism\.ep: EP 8 has/);
    expect(expertParallelIgnored({ moe: null }, 1, 2)).toMatch(
      /^workload\.parallelism\.etp: ETP 2 has/,
    );
    expect(expertParallelIgnored({ moe: null }, 4, 2)).toMatch(/EP 4 and ETP 2 have no effect/);
  });
});
