import { describe, expect, it } from 'vitest';
import { kvCacheBytesPerToken } from '../../../model/serving';
import {
  decodeStepBreakdown,
  expertsTouchedPerLayer,
  prepareServing,
} from '../../../model/serving/engine';
import { evaluateServingInput } from '../../../model/serving/evaluate';
import type { ServingModelShape } from '../../../model/serving/types';
import { config, LLAMA3_70B } from './helpers';

/** DeepSeek-R1/V3 (config.json): MLA, 256 routed experts top-8 + 1 shared, 3 dense layers, 1 MTP. */
const DEEPSEEK_R1: ServingModelShape = {
  paramsTotal: 671e9,
  layers: 61,
  hidden: 7168,
  heads: 128,
  kvHeads: 128,
  ffnHidden: 2048,
  vocab: 129280,
  ffnType: 'swiglu',
  mla: {
    kind: 'mla',
    kvLoraRank: 512,
    qLoraRank: 1536,
    qkNopeHeadDim: 128,
    qkRopeHeadDim: 64,
    vHeadDim: 128,
  },
  mtpLayers: 1,
  moe: {
    experts: 256,
    topK: 8,
    sharedExperts: 1,
    denseFfnHidden: 18432,
    firstDenseLayers: 3,
    activeParams: 37e9,
  },
};

describe('MLA and MoE serving', () => {
  it('DeepSeek-R1 caches the MLA latent: about 35 KB per token in FP8, not 874 KB', () => {
    const kv = kvCacheBytesPerToken(DEEPSEEK_R1, 'fp8');
    expect(kv).toBe(61 * 576);
    expect(kv).toBeLessThan(40_000);
  });

  it('with the latent cache DeepSeek-R1 on 8 H200 runs a large batch', () => {
    const r = evaluateServingInput(
      config({
        model: DEEPSEEK_R1,
        precision: 'fp8',
        gpus: 8,
        acceleratorId: 'h200-sxm',
        layout: { tp: 8, pp: 1, ep: 8, replicas: 1 },
        inputTokens: 1000,
        outputTokens: 1000,
      }),
    );
    expect(r.maxBatch).toBeGreaterThan(256);
    expect(r.outputTokensPerS).toBeGreaterThan(1000);
  });

  it('attention data-parallel keeps one latent per request instead of one per TP rank: a larger batch', () => {
    const base = config({
      model: DEEPSEEK_R1,
      precision: 'fp8',
      gpus: 8,
      acceleratorId: 'h200-sxm',
      layout: { tp: 8, pp: 1, ep: 8, replicas: 1 },
      inputTokens: 4000,
      outputTokens: 1000,
    });
    const tp = evaluateServingInput(base);
    const dp = evaluateServingInput({ ...base, layout: { ...base.layout, attentionDp: true } });
    expect(dp.maxBatch).toBeGreaterThan(2 * tp.maxBatch);
  });

  it('speculative decoding with the MTP module lowers TPOT at a light load (DeepSeek-V3: ≈1.8× tokens/s)', () => {
    const base = config({
      model: DEEPSEEK_R1,
      precision: 'fp8',
      gpus: 8,
      acceleratorId: 'h200-sxm',
      // The report's decode deployment: data-parallel attention with EP (§3.4), so the experts'
      // all-to-alls are part of each step.
      layout: { tp: 8, pp: 1, ep: 8, replicas: 1, attentionDp: true },
      load: { mode: 'batch', batch: 4 },
    });
    const plain = evaluateServingInput(base);
    const spec = evaluateServingInput({
      ...base,
      speculative: { draftTokens: 1, acceptanceRate: null },
    });
    const speedup = plain.tpotMs / spec.tpotMs;
    expect(speedup).toBeGreaterThan(1.4);
    expect(speedup).toBeLessThan(1.85);
    // More drafted tokens than MTP modules: refused by the scenario (servingWorkloadIssues).
  });
});

/** Qwen3-235B-A22B (config.json): 94 layers, 128 experts top-8, expert width 1536, GQA 4 KV heads. */
const QWEN3_235B: ServingModelShape = {
  paramsTotal: 235.1e9,
  layers: 94,
  hidden: 4096,
  heads: 64,
  kvHeads: 4,
  headDim: 128,
  ffnHidden: 1536,
  vocab: 151936,
  ffnType: 'swiglu',
  moe: { experts: 128, topK: 8, activeParams: 22.2e9 },
};

describe('expert parallelism inside a tensor-parallel group', () => {
  const qwen = (ep: number) =>
    config({
      model: QWEN3_235B,
      precision: 'fp8',
      gpus: 8,
      stack: 'baseline',
      layout: { tp: 8, pp: 1, ep, replicas: 1 },
      inputTokens: 512,
      outputTokens: 862,
    });

  it('with tensor-parallel attention EP adds no all-to-all: the TP all-reduces sum the experts', () => {
    // vLLM use_all2all_kernels = dp_size > 1 and use_ep: TP8 + enable-expert-parallel runs the
    // MoE on replicated tokens and reduces it with the FFN all-reduce.
    const ep1 = decodeStepBreakdown(prepareServing(qwen(1), 8, 1, 1), 256);
    const ep8 = decodeStepBreakdown(prepareServing(qwen(8), 8, 1, 1), 256);
    expect(ep8.communication).toBeCloseTo(ep1.communication, 12);
  });

  it('with data-parallel attention (MLA) EP dispatches and combines: more communication', () => {
    const ds = (ep: number) =>
      config({
        model: DEEPSEEK_R1,
        precision: 'fp8',
        gpus: 8,
        acceleratorId: 'h200-sxm',
        layout: { tp: 8, pp: 1, ep, replicas: 1, attentionDp: true },
      });
    const ep1 = decodeStepBreakdown(prepareServing(ds(1), 8, 1, 1), 64);
    const ep8 = decodeStepBreakdown(prepareServing(ds(8), 8, 1, 1), 64);
    expect(ep8.communication).toBeGreaterThan(ep1.communication * 1.5);
  });
});

describe('experts a mean step reads when prompts arrive whole', () => {
  // Qwen3.5-397B-like: 512 experts top-10; 4 requests with 7,373-token prompts, 922 out.
  const wide = config({
    model: { ...QWEN3_235B, moe: { experts: 512, topK: 10, activeParams: 17e9 } },
    precision: 'fp8',
    gpus: 8,
    stack: 'baseline',
    layout: { tp: 8, pp: 1, ep: 1, replicas: 1 },
    inputTokens: 7373,
    outputTokens: 922,
  });
  const p = prepareServing(wide, 8, 1, 1);
  const touched = (t: number) => 512 * (1 - Math.pow(1 - 10 / 512, t));

  it('mixes decode-only steps with steps that carry a whole prompt chunk', () => {
    // 3 other requests each start a prompt every 922 steps: 24 prompt tokens per mean step.
    const prefillReq = 3 / 922;
    const prefillTokens = prefillReq * 7373;
    const q = prefillTokens / 7373;
    const got = expertsTouchedPerLayer(p, 4, prefillTokens, prefillReq);
    expect(got).toBeCloseTo((1 - q) * touched(4) + q * touched(4 + 7373), 9);
    // Spreading the prompts evenly over the steps would read about 5× the experts.
    expect(touched(4 + prefillTokens)).toBeGreaterThan(4 * got);
  });

  it('a step that runs a whole prompt reads what its tokens touch; a decode-only step likewise', () => {
    expect(expertsTouchedPerLayer(p, 4, 7373, 1)).toBeCloseTo(touched(4 + 7373), 9);
    expect(expertsTouchedPerLayer(p, 4, 0, 0)).toBeCloseTo(touched(4), 9);
  });

  it('a prompt longer than the step budget arrives in budget-sized chunks', () => {
    const chunked = prepareServing({ ...wide, maxTokensPerStep: 2048 }, 8, 1, 1);
    const prefillReq = 3 / 922;
    const prefillTokens = prefillReq * 7373;
    const q = prefillTokens / 2048;
    expect(expertsTouchedPerLayer(chunked, 4, prefillTokens, prefillReq)).toBeCloseTo(
      (1 - q) * touched(4) + q * touched(4 + 2048),
      9,
    );
  });
});

describe('disaggregated prefill and decode', () => {
  const base = config({
    model: LLAMA3_70B,
    precision: 'fp8',
    gpus: 8,
    layout: { tp: 2, pp: 1, ep: 1, replicas: 4 },
    inputTokens: 4000,
    outputTokens: 250,
  });

  it('splits the copies into a prefill and a decode pool and hands the KV cache over', () => {
    const r = evaluateServingInput({ ...base, disaggregation: { prefillGpus: null } });
    expect(r.disaggregation).not.toBeNull();
    const d = r.disaggregation!;
    expect(d.prefillGpus + d.decodeGpus).toBe(8);
    expect(d.kvTransferMs).toBeGreaterThan(0);
    expect(r.outputTokensPerS).toBeGreaterThan(0);
  });

  it('decode steps carry no prompt work: TPOT at a given rate is lower than in-flight batching with long prompts', () => {
    const rate = { mode: 'request_rate' as const, requestsPerS: 1 };
    const mixed = evaluateServingInput({ ...base, load: rate });
    const split = evaluateServingInput({ ...base, load: rate, disaggregation: { prefillGpus: 4 } });
    expect(split.tpotMs).toBeLessThan(mixed.tpotMs);
    expect(split.ttftMs).toBeGreaterThan(0);
  });

  it('rejects a prefill pool that leaves no decode copy, naming the field', () => {
    expect(() => evaluateServingInput({ ...base, disaggregation: { prefillGpus: 8 } })).toThrow(
      /disaggregation\.prefillGpus/,
    );
  });
});
