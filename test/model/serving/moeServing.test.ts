import { describe, expect, it } from 'vitest';
import { kvCacheBytesPerToken } from '../../../model/serving';
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
      layout: { tp: 8, pp: 1, ep: 8, replicas: 1 },
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
