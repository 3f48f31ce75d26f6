import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scalingCurve } from '../../../model/training';
import { simulateEngineInput } from '../../../model/training/engine';
import { resolveSoftwareEra } from '../../../model/training/simulate';
import { expertMlpExtraBytes, moeHostFactor } from '../../../model/training/moe';
import type { TrainingSections } from '../../../model/training';
import type { EngineInput } from '../../../model/training/input';
import {
  computeSectionSchema,
  networkSectionSchema,
  getModelPreset,
  trainingWorkloadSchema,
} from '../../../model/scenario';
import { groupedGemmTimeS, deviceConstants } from '../../../model/compute/device';
import { getAccelerator } from '../../../model/catalog/accelerators';
import { dispatchBytes, groupSpan, probNoneIn } from '../../../model/parallelism';

/** DeepSeek-V3 (config.json) on 256 GB200 in the Megatron-Bridge 26.02 layout. */
const DSV3: EngineInput = {
  model: {
    layers: 61,
    hidden: 7168,
    heads: 128,
    kvHeads: 128,
    ffnHidden: 2048,
    ffnType: 'swiglu',
    vocab: 129280,
    seqLen: 4096,
    moe: {
      experts: 256,
      topK: 8,
      sharedExperts: 1,
      denseFfnHidden: 18432,
      firstDenseLayers: 3,
      layerFreq: 1,
    },
    tiedEmbeddings: false,
    mla: {
      kind: 'mla',
      kvLoraRank: 512,
      qLoraRank: 1536,
      qkNopeHeadDim: 128,
      qkRopeHeadDim: 64,
      vHeadDim: 128,
    },
  },
  training: {
    globalBatchSeqs: 4096,
    microBatch: 1,
    precision: 'fp8',
    recompute: 'none',
    finetune: null,
    tokensToTrain: null,
    optimizer: 'adam',
    expertImbalance: 1,
  },
  parallelism: {
    tp: 1,
    pp: 4,
    dp: 64,
    cp: 1,
    vpp: 4,
    zeroStage: 1,
    sequenceParallel: false,
    ep: 64,
    etp: 1,
  },
  cluster: {
    acceleratorId: 'gb200',
    gpus: 256,
    gpusPerNode: 4,
    nvlinkDomain: 72,
    scaleOut: { fabric: 'infiniband', gbpsPerGpu: 400, tiers: null, oversubscription: null },
  },
  stack: 'optimized',
};

const deepseekV3 = (() => {
  const p = getModelPreset('deepseek-v3');
  if (!p) throw new Error('the DeepSeek-V3 preset is missing');
  return p;
})();

/** The same run as the scenario sections the public entry points (here scalingCurve) take. */
const DSV3_SECTIONS: TrainingSections = {
  workload: trainingWorkloadSchema.parse({
    kind: 'training',
    // The DeepSeek-V3 preset's shape (config.json), without its MTP module (the engine input
    // above has none).
    model: { ...deepseekV3.shape, mtpLayers: 0 },
    training: {
      globalBatchSeqs: 4096,
      microBatchSeqs: 1,
      precision: 'fp8',
      recompute: 'none',
      expertImbalance: 1,
    },
    parallelism: {
      tp: 1,
      pp: 4,
      dp: 64,
      cp: 1,
      vpp: 4,
      zeroStage: 1,
      sequenceParallel: false,
      ep: 64,
      etp: 1,
    },
  }),
  compute: computeSectionSchema.parse({
    acceleratorId: 'gb200',
    gpus: 256,
    gpusPerNode: 4,
    nvlinkDomainGpus: 72,
  }),
  network: networkSectionSchema.parse({ scaleOut: { fabric: 'infiniband', gbpsPerGpu: 400 } }),
};

const withLayout = (p: Partial<Exclude<EngineInput['parallelism'], 'auto'>>): EngineInput => ({
  ...DSV3,
  parallelism: { ...(DSV3.parallelism as Exclude<EngineInput['parallelism'], 'auto'>), ...p },
});

describe('MoE training', () => {
  it('prices the all-to-all: EP inside NVL72 is cheaper than the same EP across 8-GPU nodes over InfiniBand', () => {
    const nvl = simulateEngineInput(DSV3);
    const hgx = simulateEngineInput({
      ...DSV3,
      cluster: { ...DSV3.cluster, gpusPerNode: 8, nvlinkDomain: 8 },
    });
    expect(nvl.breakdown.epCommS).toBeGreaterThan(0);
    expect(hgx.breakdown.epCommS).toBeGreaterThan(2 * nvl.breakdown.epCommS);
    // The validation set's caveat is for 8-GPU NVLink domains only, and short (every MoE result
    // carried a 700-character list of what the model covers before).
    const caveat = (w: readonly string[]) => w.filter((x) => x.startsWith('MoE'));
    expect(caveat(nvl.warnings)).toEqual([]);
    expect(caveat(hgx.warnings)).toEqual([
      'MoE on 8-GPU NVLink domains: published Megatron-Core runs on such nodes have trained up to 1.7× slower than this engine predicts (for reasons not yet found; runs on NVL72 racks within −17 … +8 %): read the throughput as an upper bound',
    ]);
  });

  it('load imbalance slows the step; 1 (forced balance) is the fastest', () => {
    const balanced = simulateEngineInput(DSV3).stepTimeS;
    const dropless = simulateEngineInput({
      ...DSV3,
      training: { ...DSV3.training, expertImbalance: null },
    }).stepTimeS;
    const skewed = simulateEngineInput({
      ...DSV3,
      training: { ...DSV3.training, expertImbalance: 1.5 },
    }).stepTimeS;
    expect(dropless).toBeGreaterThan(balanced);
    expect(skewed).toBeGreaterThan(dropless);
  });

  it('experts split over EP·ETP: memory per GPU falls as EP grows', () => {
    const ep16 = simulateEngineInput(withLayout({ ep: 16 })).memory.weightsBytes;
    const ep64 = simulateEngineInput(withLayout({ ep: 64 })).memory.weightsBytes;
    // Routed experts dominate: a quarter of them per GPU at EP 64 vs EP 16.
    expect(ep64).toBeLessThan(0.6 * ep16);
  });

  it('MTP adds a layer and an output head to the step', () => {
    const base = simulateEngineInput(DSV3);
    const mtp = simulateEngineInput({ ...DSV3, model: { ...DSV3.model, mtpLayers: 1 } });
    expect(mtp.stepTimeS).toBeGreaterThan(base.stepTimeS);
    expect(mtp.stepTimeS / base.stepTimeS).toBeLessThan(1.1);
  });

  it('selective recompute of MLA reruns the up-projections: some recompute time, less memory', () => {
    const none = simulateEngineInput(DSV3);
    const sel = simulateEngineInput({
      ...DSV3,
      training: { ...DSV3.training, recompute: 'selective' },
    });
    expect(none.breakdown.recomputeS).toBe(0);
    expect(sel.breakdown.recomputeS).toBeGreaterThan(0);
    // Two GEMMs of the layer's forward, a few per cent of the step.
    expect(sel.breakdown.recomputeS).toBeLessThan(0.05 * sel.stepTimeS);
    expect(sel.memory.activationsBytes).toBeLessThan(0.8 * none.memory.activationsBytes);
    // The rerun GEMMs count as hardware FLOPs, not model FLOPs.
    expect(none.hfuPct).toBeCloseTo(none.mfuPct, 6);
    expect(sel.hfuPct).toBeGreaterThan(sel.mfuPct);
  });

  it('the layout search weighs selective recompute for MLA when recompute is unstated', () => {
    // GB300-sized HBM at micro batch 2 on 2 stages: all activations do not fit, the latents do.
    const r = simulateEngineInput({
      ...DSV3,
      training: { ...DSV3.training, recompute: null, microBatch: 2 },
      parallelism: withLayout({ pp: 2, vpp: 8, dp: 128, ep: 32 }).parallelism,
      cluster: { ...DSV3.cluster, acceleratorId: 'gb300' },
    });
    expect(r.layout.recompute).toBe('selective');
  });

  it('the layout search picks an expert-parallel degree when EP is left open', () => {
    const r = simulateEngineInput(withLayout({ ep: null }));
    expect(r.layout.ep).toBeGreaterThan(1);
    expect(256 % r.layout.ep).toBe(0);
  });
});

describe('MoE dispatch configuration (dispatcher, all-to-all overlap, CUDA graphs)', () => {
  const hgx: EngineInput = {
    ...DSV3,
    cluster: { ...DSV3.cluster, gpusPerNode: 8, nvlinkDomain: 8 },
  };
  const withTraining = (base: EngineInput, t: Partial<EngineInput['training']>) => ({
    ...base,
    training: { ...base.training, ...t },
  });

  it('an unstated dispatcher is the stack default: DeepEP-class on the optimized stack', () => {
    const unstated = simulateEngineInput(hgx).breakdown.epCommS;
    expect(
      simulateEngineInput(withTraining(hgx, { moeDispatcher: 'deepep' })).breakdown.epCommS,
    ).toBe(unstated);
    expect(
      simulateEngineInput(withTraining(hgx, { moeDispatcher: 'hybridep' })).breakdown.epCommS,
    ).toBe(unstated);
  });

  it('the plain all-to-all sends every routed copy over InfiniBand: slower across nodes than DeepEP', () => {
    const flex = simulateEngineInput(withTraining(hgx, { moeDispatcher: 'deepep' })).breakdown
      .epCommS;
    const a2a = simulateEngineInput(withTraining(hgx, { moeDispatcher: 'alltoall' })).breakdown
      .epCommS;
    expect(a2a).toBeGreaterThan(flex);
  });

  it('the all-gather dispatcher moves every token to every expert rank: the most bytes at EP 64', () => {
    const a2a = simulateEngineInput(withTraining(hgx, { moeDispatcher: 'alltoall' })).breakdown
      .epCommS;
    const ag = simulateEngineInput(withTraining(hgx, { moeDispatcher: 'allgather' })).breakdown
      .epCommS;
    expect(ag).toBeGreaterThan(a2a);
  });

  it('all-to-all overlap hides dispatch behind the other micro batch, never below the interference share', () => {
    const off = simulateEngineInput(withTraining(hgx, { moeA2aOverlap: false })).breakdown.epCommS;
    const on = simulateEngineInput(withTraining(hgx, { moeA2aOverlap: true })).breakdown.epCommS;
    expect(on).toBeLessThan(off);
    expect(on).toBeGreaterThanOrEqual(0.25 * off - 1e-12);
  });

  it('without CUDA graphs a layer is never faster, and small micro batches become launch-bound', () => {
    const small = withTraining(
      { ...DSV3, model: { ...DSV3.model, seqLen: 256 } },
      { globalBatchSeqs: 256 },
    );
    const graphs = simulateEngineInput(small).stepTimeS;
    const eager = simulateEngineInput(withTraining(small, { cudaGraphs: false })).stepTimeS;
    expect(eager).toBeGreaterThan(graphs);
    const big = simulateEngineInput(DSV3).stepTimeS;
    expect(
      simulateEngineInput(withTraining(DSV3, { cudaGraphs: false })).stepTimeS,
    ).toBeGreaterThanOrEqual(big);
  });

  it('without CUDA graphs the static part of each MoE layer runs eagerly: the GB200 guide’s measured shares', () => {
    // Megatron-Core's GB200 DeepSeek-V3 guide, table of §3: "CUDA Graphs" 610.71 → 663.27 TFLOP/s,
    // "CUDA Graphs capture shared expert" 797.67 → 829.93.
    expect(moeHostFactor(true, 0) / moeHostFactor(false, 0)).toBeCloseTo(663.27 / 610.71, 6);
    expect(moeHostFactor(true, 1) / moeHostFactor(false, 1)).toBeCloseTo(
      (663.27 / 610.71) * (829.93 / 797.67),
      6,
    );
    // Stated CUDA graphs and unstated ones keep the dropless sync's share only.
    expect(moeHostFactor(false, 1)).toBeCloseTo(1 / 0.9, 12);
    // A micro batch long enough that no launch floor binds: the MoE layers' compute carries the
    // share (attention, router, shared expert, experts), not the output layer or communication.
    const graphs = simulateEngineInput(withTraining(DSV3, { cudaGraphs: true }));
    const eager = simulateEngineInput(withTraining(DSV3, { cudaGraphs: false }));
    const ratio = eager.stepTimeS / graphs.stepTimeS;
    expect(ratio).toBeGreaterThan(1.05);
    expect(ratio).toBeLessThan(moeHostFactor(true, 1) / moeHostFactor(false, 1));
    expect(eager.breakdown.epCommS).toBeCloseTo(graphs.breakdown.epCommS, 9);
  });
});

describe('expert dispatch by placement', () => {
  it('DeepEP-style dedup sends each token once per rank: fewer bytes than topK copies', () => {
    const g = groupSpan(8, 1, 8);
    const dedup = dispatchBytes(g, 256, 8, 4096, 14336, true);
    const copies = dispatchBytes(g, 256, 8, 4096, 14336, false);
    expect(dedup.intraBytes).toBeLessThan(copies.intraBytes);
    expect(dedup.interBytes).toBe(0);
    expect(dedup.ranksPerToken).toBeGreaterThan(5);
    expect(dedup.ranksPerToken).toBeLessThan(8);
  });

  it('across domains: one copy per remote domain crosses the network', () => {
    const g = groupSpan(64, 1, 8);
    const b = dispatchBytes(g, 256, 8, 4096, 14336, true);
    expect(b.interBytes).toBeGreaterThan(0);
    // At most 7 remote domains per token, at most 8 experts.
    expect(b.interBytes).toBeLessThanOrEqual(4096 * 14336 * 7);
  });

  it('probability that k distinct experts miss a set: exact hypergeometric', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.integer({ min: 1, max: 16 }), (e, k) => {
        const kk = Math.min(k, e);
        const p = probNoneIn(e, kk, Math.floor(e / 2));
        return p >= 0 && p <= 1;
      }),
    );
    expect(probNoneIn(8, 2, 4)).toBeCloseTo((4 / 8) * (3 / 7), 12);
  });
});

describe('grouped GEMM at the per-expert token count', () => {
  const dev = deviceConstants(getAccelerator('b200'), 'fp8');
  it('few tokens per expert lose efficiency (tile padding and short weight-gradient K)', () => {
    const flops = (m: number, g: number) => 2 * m * 4096 * 7168 * g;
    const rate = (m: number, g: number) => flops(m, g) / groupedGemmTimeS(dev, m, 4096, 7168, g);
    expect(rate(64, 64)).toBeLessThan(0.6 * rate(8192, 4));
    // Weight gradient: K = tokens per expert.
    const wgrad = (k: number) => (2 * 4096 * 7168 * k) / groupedGemmTimeS(dev, 4096, 7168, k, 8);
    expect(wgrad(512)).toBeLessThan(0.8 * wgrad(8192));
  });
});

describe('software era from the stated stack', () => {
  const a100 = {
    ...DSV3,
    model: { ...DSV3.model, moe: null, mla: null, tiedEmbeddings: true },
    cluster: { ...DSV3.cluster, acceleratorId: 'a100-sxm-80gb' },
  };
  it('an A100 run that states sequence parallelism or selective recompute is a current-era run', () => {
    expect(resolveSoftwareEra(a100)).toBe('megatron-2021');
    expect(resolveSoftwareEra(withEra(a100, { sequenceParallel: true }))).toBe('current');
    expect(
      resolveSoftwareEra({ ...a100, training: { ...a100.training, recompute: 'selective' } }),
    ).toBe('current');
    expect(
      resolveSoftwareEra({ ...a100, training: { ...a100.training, attentionKernel: 'flash' } }),
    ).toBe('current');
    expect(
      resolveSoftwareEra({
        ...DSV3,
        training: { ...DSV3.training, softwareEra: 'megatron-2021' },
      }),
    ).toBe('megatron-2021');
  });

  it('the current era on A100 (MegaScale-style: FlashAttention, SP, TP overlap) is faster than 2021 kernels', () => {
    const dense: EngineInput = {
      ...a100,
      parallelism: { ...(a100.parallelism as object), tp: 8, pp: 4, dp: 8, ep: 1 } as never,
    };
    const old = simulateEngineInput({
      ...dense,
      training: { ...dense.training, precision: 'bf16', softwareEra: 'megatron-2021' },
    });
    const now = simulateEngineInput({
      ...dense,
      training: { ...dense.training, precision: 'bf16', softwareEra: 'current' },
    });
    expect(now.stepTimeS).toBeLessThan(0.95 * old.stepTimeS);
  });
});

function withEra(i: EngineInput, p: { sequenceParallel: boolean }): EngineInput {
  return { ...i, parallelism: { ...(i.parallelism as object), ...p } as never };
}

describe('context-parallel ring attention per ring step', () => {
  const llama: EngineInput = {
    model: {
      layers: 80,
      hidden: 8192,
      heads: 64,
      kvHeads: 8,
      ffnHidden: 28672,
      ffnType: 'swiglu',
      vocab: 128256,
      seqLen: 8192,
      moe: null,
      tiedEmbeddings: false,
    },
    training: {
      globalBatchSeqs: 8,
      microBatch: 1,
      precision: 'fp8',
      recompute: 'none',
      finetune: { method: 'lora', rank: 16 },
      tokensToTrain: null,
      optimizer: 'adam',
    },
    parallelism: { tp: 1, pp: 1, dp: 1, cp: 8, vpp: 1, zeroStage: 1, sequenceParallel: false },
    cluster: {
      acceleratorId: 'gb200',
      gpus: 8,
      gpusPerNode: 4,
      nvlinkDomain: 72,
      scaleOut: {
        fabric: 'infiniband',
        gpusPerNode: 4,
        gbpsPerGpu: 400,
        tiers: null,
        oversubscription: null,
      } as never,
    },
    stack: 'optimized',
  };
  it('each ring step costs a kernel and a synchronisation: CP 8 pays more than CP 2 for the same work', () => {
    const cp8 = simulateEngineInput(llama);
    const cp2 = simulateEngineInput({
      ...llama,
      parallelism: { ...(llama.parallelism as object), cp: 2, dp: 4 } as never,
    });
    expect(cp8.breakdown.cpCommS).toBeGreaterThan(0);
    // Per GPU the attention work is the same; CP 8 has 7 exchanges of smaller blocks.
    expect(cp8.breakdown.cpCommS / cp8.stepTimeS).toBeGreaterThan(
      cp2.breakdown.cpCommS / cp2.stepTimeS,
    );
  });
});

describe('MoE scaling curve', () => {
  it('keeps a stated EP only at GPU counts where it folds into tp·cp·dp (EP 64 needs DP ≥ 64 at TP 1)', () => {
    const points = scalingCurve(DSV3_SECTIONS, [32, 64, 128, 256]);
    // 32 GPUs: PP 4 leaves DP 8 < EP 64, no such layout; from 256 GPUs (DP 64) it folds.
    expect(points.map((p) => p.gpus)).not.toContain(32);
    for (const p of points) {
      const l = p.layout;
      if (l === null || l === undefined) continue;
      expect((l.tp * l.cp * l.dp) % (l.ep * (l.etp ?? 1))).toBe(0);
    }
  });
});

/** gpt-oss-120b (openai/gpt-oss ModelConfig) in the Megatron-Bridge 26.02 H100 layout (PP 4, EP 8). */
const GPT_OSS: EngineInput = {
  model: {
    layers: 36,
    hidden: 2880,
    heads: 64,
    kvHeads: 8,
    headDim: 64,
    ffnHidden: 2880,
    ffnType: 'swiglu',
    vocab: 201088,
    seqLen: 4096,
    moe: { experts: 128, topK: 4 },
    tiedEmbeddings: false,
    slidingWindow: { window: 128, every: 2 },
  },
  training: {
    globalBatchSeqs: 1280,
    microBatch: 1,
    precision: 'bf16',
    recompute: 'none',
    finetune: null,
    tokensToTrain: null,
    optimizer: 'adam',
    expertImbalance: 1,
    moeDispatcher: 'alltoall',
  },
  parallelism: {
    tp: 1,
    pp: 4,
    dp: 16,
    cp: 1,
    vpp: 1,
    zeroStage: 1,
    sequenceParallel: false,
    ep: 8,
    etp: 1,
  },
  cluster: {
    acceleratorId: 'h100-sxm',
    gpus: 64,
    gpusPerNode: 8,
    nvlinkDomain: 8,
    scaleOut: { fabric: 'infiniband', gbpsPerGpu: 400, tiers: null, oversubscription: null },
  },
  stack: 'optimized',
};

describe('gpt-oss expert MLP and pipeline split (Megatron-Core unfused paths)', () => {
  const withMoe = (moe: Partial<NonNullable<EngineInput['model']['moe']>>): EngineInput => {
    const base = GPT_OSS.model.moe;
    if (base === null) throw new Error('gpt-oss is MoE');
    return { ...GPT_OSS, model: { ...GPT_OSS.model, moe: { ...base, ...moe } } };
  };

  it('the unfused fc2 bias adds 12 B forward and 16 B backward per routed output element', () => {
    const extra = expertMlpExtraBytes({ expertBias: true }, 1000, 2880, 2880, 16);
    expect(extra.fwd).toBe(12 * 1000 * 2880);
    expect(extra.bwd).toBe(16 * 1000 * 2880);
    // Two kernels per local expert and the concatenation, forward.
    expect(extra.kernelsFwd).toBe(33);
    expect(expertMlpExtraBytes({}, 1000, 2880, 2880, 16)).toEqual({
      fwd: 0,
      bwd: 0,
      kernelsFwd: 0,
      kernelsBwd: 0,
    });
  });

  it('the clamp reads and writes both halves of fc1 twice: 16 B forward per activation element', () => {
    const extra = expertMlpExtraBytes({ clampedGlu: true }, 1000, 4096, 2880, 16);
    expect(extra.fwd).toBe(16 * 1000 * 2880);
    expect(extra.bwd).toBe(20 * 1000 * 2880);
  });

  it('biases and the clamp slow the MoE layers’ forward and backward, not their dispatch', () => {
    const plain = simulateEngineInput(GPT_OSS);
    const biased = simulateEngineInput(withMoe({ expertBias: true }));
    const both = simulateEngineInput(withMoe({ expertBias: true, clampedGlu: true }));
    expect(biased.stepTimeS).toBeGreaterThan(plain.stepTimeS);
    expect(both.stepTimeS).toBeGreaterThan(biased.stepTimeS);
    expect(both.breakdown.epCommS).toBe(plain.breakdown.epCommS);
    expect(both.breakdown.forwardS).toBeGreaterThan(plain.breakdown.forwardS);
    expect(both.breakdown.backwardS).toBeGreaterThan(plain.breakdown.backwardS);
  });

  it('the layers split (output layer on the last stage) is slower than a balanced split under PP', () => {
    const t = (split: 'layers' | 'balanced' | null) =>
      simulateEngineInput({ ...GPT_OSS, training: { ...GPT_OSS.training, pipelineSplit: split } });
    const layers = t('layers');
    const balanced = t('balanced');
    // Unstated: MoE models read as balanced (Megatron-Bridge's DeepSeek-V3/Qwen3 recipes).
    expect(t(null).stepTimeS).toBe(balanced.stepTimeS);
    // 9 layers and the whole 201k-vocabulary output layer on the last stage, against 9 layers
    // and a quarter of it.
    expect(layers.stepTimeS).toBeGreaterThan(balanced.stepTimeS * 1.1);
    // Without pipeline parallelism the split changes nothing.
    const flat = (split: 'layers' | 'balanced') =>
      simulateEngineInput({
        ...GPT_OSS,
        training: { ...GPT_OSS.training, pipelineSplit: split },
        parallelism: {
          ...(GPT_OSS.parallelism as object),
          pp: 1,
          dp: 64,
        } as EngineInput['parallelism'],
      }).stepTimeS;
    expect(flat('layers')).toBeCloseTo(flat('balanced'), 9);
  });
});

describe('gpt-oss attention: narrow heads and the sliding window’s key tiles', () => {
  const withModel = (model: Partial<EngineInput['model']>): EngineInput => ({
    ...GPT_OSS,
    model: { ...GPT_OSS.model, ...model },
  });

  it('64 heads of width 64 take longer than 32 heads of width 128 (same projections and FLOPs)', () => {
    // q width 4,096 and k/v width 512 either way, so only the attention kernel's rate differs.
    const narrow = simulateEngineInput(withModel({ heads: 64, kvHeads: 8, headDim: 64 }));
    const wide = simulateEngineInput(withModel({ heads: 32, kvHeads: 4, headDim: 128 }));
    expect(narrow.breakdown.forwardS).toBeGreaterThan(wide.breakdown.forwardS);
    expect(narrow.breakdown.backwardS).toBeGreaterThan(wide.breakdown.backwardS);
  });

  it('a window costs whole key tiles: 1 key and 128 keys both visit two tiles, 129 keys three', () => {
    const step = (window: number) =>
      simulateEngineInput(withModel({ slidingWindow: { window, every: 2 } })).stepTimeS;
    expect(step(1)).toBeCloseTo(step(128), 12);
    expect(step(129)).toBeGreaterThan(step(128));
    // Still far cheaper than full causal attention over 4,096 keys on those layers.
    expect(step(128)).toBeLessThan(
      simulateEngineInput(withModel({ slidingWindow: null })).stepTimeS,
    );
  });
});
