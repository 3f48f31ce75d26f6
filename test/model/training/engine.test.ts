import { describe, expect, it } from 'vitest';
import {
  autoLayout,
  layoutText,
  recomputeText,
  scalingCurve,
  simulateTraining,
  trainingMetricValues,
  trainingMetrics,
} from '../../../model/training';
import type { TrainingSections } from '../../../model/training';
import type { EngineInput } from '../../../model/training/input';
import {
  computeSectionSchema,
  networkSectionSchema,
  trainingWorkloadSchema,
} from '../../../model/scenario';
import { getAccelerator } from '../../../model/catalog/accelerators';
import { simulateEngineInput } from '../../../model/training/engine';
import {
  FREE,
  memoryPlan,
  memoryPlanFor,
  planKeyOf,
  searchLayout,
} from '../../../model/training/auto';
import { engineInputOf, modelShapeFor } from '../../../model/training/input';
import {
  buildContext,
  chunkedExposedS,
  evaluateCore,
  memoryOptions,
  stepCore,
} from '../../../model/training/simulate';
import { clockFactorForPowerCap } from '../../../model/compute';

/** Megatron-LM 2021 Table 1, 145.6B on 1,536 A100 (TP 8, PP 8, DP 24). */
const MEGATRON_145B: EngineInput = {
  model: {
    layers: 80,
    hidden: 12288,
    heads: 96,
    kvHeads: 96,
    ffnHidden: 49152,
    ffnType: 'gelu',
    vocab: 51200,
    seqLen: 2048,
    moe: null,
  },
  training: {
    globalBatchSeqs: 2304,
    microBatch: 1,
    precision: 'fp16',
    recompute: 'full',
    finetune: null,
    tokensToTrain: 300e9,
    optimizer: 'adam',
  },
  parallelism: { tp: 8, pp: 8, dp: 24, cp: 1, vpp: 2, zeroStage: 0, sequenceParallel: false },
  cluster: {
    acceleratorId: 'a100-sxm-80gb',
    gpus: 1536,
    gpusPerNode: 8,
    nvlinkDomain: 8,
    scaleOut: { fabric: 'infiniband', gbpsPerGpu: 200, tiers: null, oversubscription: null },
  },
  stack: 'optimized',
};

/** The same run as the scenario sections the engine's public entry points take. */
const MEGATRON_145B_SECTIONS: TrainingSections = {
  workload: trainingWorkloadSchema.parse({
    kind: 'training',
    model: {
      layers: 80,
      hiddenSize: 12288,
      attentionHeads: 96,
      kvHeads: 96,
      ffnHiddenSize: 49152,
      ffnType: 'gelu',
      vocabSize: 51200,
      seqLenTokens: 2048,
    },
    training: {
      globalBatchSeqs: 2304,
      microBatchSeqs: 1,
      precision: 'fp16',
      recompute: 'full',
      tokensToTrain: 300e9,
    },
    parallelism: { tp: 8, pp: 8, dp: 24, cp: 1, vpp: 2, zeroStage: 0, sequenceParallel: false },
  }),
  compute: computeSectionSchema.parse({
    acceleratorId: 'a100-sxm-80gb',
    gpus: 1536,
    gpusPerNode: 8,
    nvlinkDomainGpus: 8,
  }),
  network: networkSectionSchema.parse({ scaleOut: { fabric: 'infiniband', gbpsPerGpu: 200 } }),
};

/** The sections with the layout (and micro batch, recompute) left to the engine. */
function withLayout(
  parallelism: TrainingSections['workload']['parallelism'],
  training: Partial<TrainingSections['workload']['training']> = {},
): TrainingSections {
  const w = MEGATRON_145B_SECTIONS.workload;
  return {
    ...MEGATRON_145B_SECTIONS,
    workload: { ...w, parallelism, training: { ...w.training, ...training } },
  };
}

describe('simulateTraining', () => {
  const r = simulateEngineInput(MEGATRON_145B);

  it('reads the scenario sections as the working input states them (auto → engine chooses)', () => {
    expect(simulateTraining(MEGATRON_145B_SECTIONS)).toEqual(r);
    const free = withLayout('auto', { microBatchSeqs: 'auto', recompute: 'auto' });
    expect(simulateTraining(free)).toEqual(
      simulateEngineInput({
        ...MEGATRON_145B,
        parallelism: 'auto',
        training: { ...MEGATRON_145B.training, microBatch: null, recompute: null },
      }),
    );
  });

  it('applies the calibration multiplier and a merged catalog accelerator', () => {
    const calibrated = simulateTraining({
      ...MEGATRON_145B_SECTIONS,
      computeEfficiencyMultiplier: 2,
    });
    expect(calibrated.breakdown.forwardS).toBeCloseTo(r.breakdown.forwardS / 2, 9);
    const a100 = getAccelerator('a100-sxm-80gb');
    const slower = simulateTraining({
      ...MEGATRON_145B_SECTIONS,
      accelerator: {
        ...a100,
        hbmTBps: { ...a100.hbmTBps, value: a100.hbmTBps.value / 2 },
      },
    });
    expect(slower.stepTimeS).toBeGreaterThan(r.stepTimeS);
  });

  it('derives throughput, MFU and time to train consistently', () => {
    expect(r.samplesPerS).toBeCloseTo(2304 / r.stepTimeS, 9);
    expect(r.tokensPerS).toBeCloseTo(r.samplesPerS * 2048, 6);
    const peak = 1536 * 312e12;
    expect(r.mfuPct).toBeCloseTo((100 * r.modelFlopsPerToken * r.tokensPerS) / peak, 6);
    const steps = Math.ceil(300e9 / 2048 / 2304);
    expect(r.timeToTrainS).toBeCloseTo(steps * r.stepTimeS, 3);
    expect(r.timeToTrainDays).toBeCloseTo((r.timeToTrainS ?? 0) / 86400, 9);
  });

  it('lands within 15 % of the published 24.8 s step (Narayanan et al. 2021, 148 TFLOP/s)', () => {
    expect(Math.abs(r.stepTimeS - 24.82) / 24.82).toBeLessThan(0.15);
  });

  it('counts recompute FLOPs in HFU only', () => {
    expect(r.hfuPct).toBeGreaterThan(r.mfuPct * 1.25);
    expect(r.breakdown.recomputeS).toBeGreaterThan(0);
  });

  it('fits in 80 GB and names a bottleneck', () => {
    expect(r.memory.fits).toBe(true);
    expect(r.bottleneck.text.length).toBeGreaterThan(10);
  });

  it('the baseline stack is slower than the optimized one', () => {
    const b = simulateEngineInput({ ...MEGATRON_145B, stack: 'baseline' });
    expect(b.stepTimeS).toBeGreaterThan(r.stepTimeS);
  });

  it('interleaving shrinks the pipeline bubble', () => {
    const plain = simulateEngineInput({
      ...MEGATRON_145B,
      parallelism: {
        ...(MEGATRON_145B.parallelism as object),
        vpp: 1,
      } as EngineInput['parallelism'],
    });
    expect(plain.breakdown.bubbleS).toBeGreaterThan(r.breakdown.bubbleS);
  });

  it('LoRA is cheaper per step than full training and needs less memory', () => {
    const lora = simulateEngineInput({
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, finetune: { method: 'lora', rank: 16 } },
    });
    expect(lora.stepTimeS).toBeLessThan(r.stepTimeS);
    expect(lora.memory.totalBytes).toBeLessThan(r.memory.totalBytes);
  });

  it('FP8 LoRA on a production stack holds the frozen base as FP8 parameters (1 B each), not bf16', () => {
    const at = (precision: 'fp8' | 'bf16', stack: 'optimized' | 'baseline') =>
      simulateEngineInput({
        ...MEGATRON_145B,
        cluster: { ...MEGATRON_145B.cluster, acceleratorId: 'h100-sxm' },
        training: {
          ...MEGATRON_145B.training,
          precision,
          finetune: { method: 'lora', rank: 16 },
        },
        stack,
      }).memory.weightsBytes;
    const fp8 = at('fp8', 'optimized');
    const bf16 = at('bf16', 'optimized');
    const baseline = at('fp8', 'baseline');
    // The base dominates: FP8 parameters halve it; a stock stack keeps bf16 weights.
    expect(fp8 / bf16).toBeGreaterThan(0.49);
    expect(fp8 / bf16).toBeLessThan(0.52);
    expect(baseline).toBeCloseTo(bf16, 0);
  });

  it('an MoE result on 8-GPU nodes names its measured over-prediction risk (moe-dev.json); a dense one does not', () => {
    const moe = simulateEngineInput({
      ...MEGATRON_145B,
      model: { ...MEGATRON_145B.model, moe: { experts: 8, topK: 2 } },
      parallelism: {
        tp: 8,
        pp: 8,
        dp: 24,
        cp: 1,
        vpp: 2,
        zeroStage: 0,
        sequenceParallel: false,
        ep: 8,
      },
    });
    expect(
      moe.warnings.some(
        (w) => w.startsWith('MoE on 8-GPU NVLink domains') && /1\.7× slower/.test(w),
      ),
    ).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('MoE'))).toBe(false);
  });

  it('a board power cap slows the compute by at most the clock it leaves, and none above the TDP', () => {
    const h100 = {
      ...MEGATRON_145B,
      cluster: { ...MEGATRON_145B.cluster, acceleratorId: 'h100-sxm' },
    };
    const open = simulateEngineInput(h100);
    const cap = (w: number | null) =>
      simulateEngineInput({ ...h100, training: { ...h100.training, powerLimitW: w } });
    const capped = cap(500);
    const clock = clockFactorForPowerCap(700, 500); // H100 SXM TDP 700 W
    expect(clock).toBeLessThan(1);
    expect(capped.stepTimeS).toBeGreaterThan(open.stepTimeS);
    expect(capped.stepTimeS).toBeLessThanOrEqual(open.stepTimeS / clock + 1e-9);
    // MFU stays against the nominal peak: it falls with the step.
    expect(capped.mfuPct / open.mfuPct).toBeCloseTo(open.stepTimeS / capped.stepTimeS, 9);
    expect(cap(900).stepTimeS).toBe(open.stepTimeS);
    expect(cap(null).stepTimeS).toBe(open.stepTimeS);
  });

  it('exposes every training metric id', () => {
    const v = trainingMetricValues(r);
    for (const m of trainingMetrics) expect(v[m.id], m.id).toBeDefined();
  });

  it('reports each step-time part under its own metric id (step_tp_comm_s ← tpCommS)', () => {
    const v = trainingMetricValues(r);
    const ids = trainingMetrics
      .map((m) => m.id)
      .filter((id) => id.startsWith('step_') && id !== 'step_time_s');
    expect(ids).toHaveLength(10);
    for (const id of ids) {
      const key = `${id.slice(5, -2).replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}S`;
      expect(v[id]?.value, id).toBe(r.breakdown[key as keyof typeof r.breakdown]);
    }
  });
});

describe('attention kernel', () => {
  it('FlashAttention is faster and lighter than the unfused kernel on the same layout', () => {
    const flash = simulateEngineInput({
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, attentionKernel: 'flash' },
    });
    const unfused = simulateEngineInput({
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, attentionKernel: 'unfused', recompute: 'selective' },
    });
    const flashSel = simulateEngineInput({
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, attentionKernel: 'flash', recompute: 'selective' },
    });
    expect(flash.stepTimeS).toBeLessThan(simulateEngineInput(MEGATRON_145B).stepTimeS);
    expect(unfused.breakdown.recomputeS).toBeGreaterThan(0);
    expect(flashSel.breakdown.recomputeS).toBe(0);
  });

  it('packed documents: FlashAttention work falls in proportion to the document length', () => {
    const long: EngineInput = {
      ...MEGATRON_145B,
      model: { ...MEGATRON_145B.model, seqLen: 8192 },
      training: { ...MEGATRON_145B.training, globalBatchSeqs: 576, attentionKernel: 'flash' },
    };
    const run = (d: number | null, kernel: 'flash' | 'unfused' = 'flash') =>
      simulateEngineInput({
        ...long,
        training: { ...long.training, attentionKernel: kernel, packedDocTokens: d },
      });
    const whole = run(null);
    const half = run(4096);
    const quarter = run(2048);
    // Only attention depends on the document length, linearly in the keys each query sees.
    expect(half.stepTimeS).toBeLessThan(whole.stepTimeS);
    const fwd = (r: typeof whole) => r.breakdown.forwardS;
    expect(fwd(whole) - fwd(half)).toBeCloseTo(2 * (fwd(half) - fwd(quarter)), 9);
    expect(half.breakdown.tpCommS).toBe(whole.breakdown.tpCommS);
    // MFU counts attention per document too (the model's own work), so it never exceeds HFU.
    expect(half.modelFlopsPerToken).toBeLessThan(whole.modelFlopsPerToken);
    expect(half.mfuPct).toBeLessThanOrEqual(half.hfuPct);
    // A document as long as the sequence is the unpacked case; unfused attention computes the
    // full s×s scores whatever the mask.
    expect(half.warnings.some((w) => w.startsWith('packed documents of 4096 tokens'))).toBe(true);
    expect(whole.warnings.some((w) => w.startsWith('packed'))).toBe(false);
    expect(run(8192).stepTimeS).toBe(whole.stepTimeS);
    expect(run(100_000).stepTimeS).toBe(whole.stepTimeS);
    expect(run(512, 'unfused').stepTimeS).toBe(run(null, 'unfused').stepTimeS);
  });
});

describe('ZeRO-3 / FSDP parameter gathers', () => {
  /** GPT-175B under PyTorch FSDP on 512 A100 over 8 × 250 Gb/s RoCE per node, micro batch 2, full
   * activation checkpointing: 186 TFLOP/s per GPU, 59.6 % HFU (Zhao et al., VLDB 2023, §5.4;
   * research file scaling_misc.json). */
  const fsdp = (zero3Gathers?: 'flat' | 'hierarchical'): EngineInput => ({
    model: { ...MEGATRON_145B.model, layers: 96, vocab: 50000 },
    training: {
      globalBatchSeqs: 1024,
      microBatch: 2,
      precision: 'bf16',
      recompute: 'full',
      finetune: null,
      tokensToTrain: null,
      optimizer: 'adam',
      ...(zero3Gathers ? { zero3Gathers } : {}),
    },
    parallelism: { tp: 1, pp: 1, dp: 512, cp: 1, vpp: 1, zeroStage: 3, sequenceParallel: false },
    cluster: {
      acceleratorId: 'a100-sxm-80gb',
      gpus: 512,
      gpusPerNode: 8,
      nvlinkDomain: 8,
      scaleOut: { fabric: 'roce', gbpsPerGpu: 250, tiers: null, oversubscription: null },
    },
    stack: 'optimized',
  });

  it('hierarchical gathers reproduce PyTorch FSDP (GPT-175B, 512 A100) within 15 % HFU', () => {
    const r = simulateEngineInput(fsdp('hierarchical'));
    expect(Math.abs(r.hfuPct / 59.6 - 1)).toBeLessThan(0.15);
  });

  it('flat gathers (the default) run at one NIC per GPU: slower, and exposed', () => {
    const flat = simulateEngineInput(fsdp());
    expect(simulateEngineInput(fsdp('flat')).stepTimeS).toBe(flat.stepTimeS);
    const node = simulateEngineInput(fsdp('hierarchical'));
    expect(flat.stepTimeS).toBeGreaterThan(1.3 * node.stepTimeS);
    expect(flat.breakdown.dpCommS).toBeGreaterThan(node.breakdown.dpCommS);
  });

  it('unstated, the gathers follow the accelerator’s era: flat on A100, hierarchical on Hopper+', () => {
    expect(simulateEngineInput(fsdp()).stepTimeS).toBe(simulateEngineInput(fsdp('flat')).stepTimeS);
    const onH100 = (g?: 'flat' | 'hierarchical'): EngineInput => {
      const base = fsdp(g);
      return { ...base, cluster: { ...base.cluster, acceleratorId: 'h100-sxm' } };
    };
    const h100Default = simulateEngineInput(onH100());
    expect(h100Default.stepTimeS).toBe(simulateEngineInput(onH100('hierarchical')).stepTimeS);
    expect(simulateEngineInput(onH100('flat')).stepTimeS).toBeGreaterThan(h100Default.stepTimeS);
  });

  it('only ZeRO-3 layouts are affected', () => {
    const base = simulateEngineInput(MEGATRON_145B);
    const hier = simulateEngineInput({
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, zero3Gathers: 'hierarchical' },
    });
    expect(hier.stepTimeS).toBe(base.stepTimeS);
  });
});

describe('autoLayout and scalingCurve', () => {
  it('finds a layout that fits and is no slower than the hand layout', () => {
    const auto = autoLayout(withLayout('auto', { microBatchSeqs: 'auto', recompute: 'auto' }));
    expect(auto.memory.fits).toBe(true);
    expect(auto.layout.tp * auto.layout.pp * auto.layout.dp * auto.layout.cp).toBe(1536);
    expect(auto.stepTimeS).toBeLessThanOrEqual(r0().stepTimeS * 1.0001);
  });

  it('honours fixed fields', () => {
    const a = autoLayout(
      withLayout({
        tp: 4,
        pp: 'auto',
        dp: 'auto',
        cp: 1,
        vpp: 'auto',
        zeroStage: 'auto',
        sequenceParallel: 'auto',
        ep: 1,
        etp: 1,
      }),
    );
    expect(a.layout.tp).toBe(4);
  });

  it('with DP stated and PP free, tries the PP it implies even when it splits the layers unevenly (BLOOM-176B)', () => {
    const base = withLayout(
      {
        tp: 4,
        pp: 'auto',
        dp: 8,
        cp: 1,
        vpp: 'auto',
        zeroStage: 'auto',
        sequenceParallel: 'auto',
        ep: 1,
        etp: 1,
      },
      { globalBatchSeqs: 2048 },
    );
    const a = autoLayout({
      ...base,
      workload: {
        ...base.workload,
        model: {
          ...base.workload.model,
          layers: 70,
          hiddenSize: 14336,
          attentionHeads: 112,
          kvHeads: 112,
          ffnHiddenSize: 57344,
        },
      },
      compute: { ...base.compute, gpus: 384 },
    });
    expect(a.layout.pp).toBe(12); // 384 / (4 · 8); 70 layers → stages of 6 and 5
    expect(a.warnings.some((w) => w.includes('70 layers do not split evenly over pp=12'))).toBe(
      true,
    );
  });

  it('a global batch no layout divides is rounded up per replica, with a warning (1,024 on 992 GPUs)', () => {
    const input: EngineInput = {
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, globalBatchSeqs: 1024, microBatch: 1 },
      parallelism: {
        tp: 8,
        pp: 1,
        dp: null,
        cp: 1,
        vpp: null,
        zeroStage: 3,
        sequenceParallel: null,
      },
      cluster: { ...MEGATRON_145B.cluster, gpus: 992 },
    };
    const a = simulateEngineInput(input);
    expect(a.layout.dp).toBe(124);
    expect(a.layout.microBatchesPerStep).toBe(9); // ⌈1024 / 124⌉
    expect(a.warnings.some((w) => w.includes('not a multiple of dp = 124'))).toBe(true);
    // The largest replica share paces the step: the same as 124 × 9 = 1,116 sequences.
    const even = simulateEngineInput({
      ...input,
      training: { ...input.training, globalBatchSeqs: 1116 },
    });
    expect(a.stepTimeS).toBeCloseTo(even.stepTimeS, 9);
    expect(even.warnings.some((w) => w.includes('not a multiple'))).toBe(false);
    expect(a.samplesPerS).toBeCloseTo(1024 / a.stepTimeS, 9);
  });

  it('scaling curve: each point is the one scaling-efficiency definition; throughput grows', () => {
    const pts = scalingCurve(MEGATRON_145B_SECTIONS, [384, 768, 1536]);
    expect(pts.length).toBe(3);
    expect(pts[2]!.tokensPerS).toBeGreaterThan(pts[0]!.tokensPerS);
    for (const p of pts) {
      const own = simulateEngineInput({
        ...MEGATRON_145B,
        cluster: { ...MEGATRON_145B.cluster, gpus: p.gpus },
        parallelism:
          MEGATRON_145B.parallelism === 'auto'
            ? 'auto'
            : { ...MEGATRON_145B.parallelism, dp: null },
      });
      expect(p.scalingEfficiencyPct).toBeCloseTo(own.scalingEfficiencyPct, 9);
      expect(p.scalingEfficiencyPct).toBeCloseTo(
        (100 * (own.stepTimeS - own.breakdown.dpCommS)) / own.stepTimeS,
        9,
      );
      expect(p.scalingEfficiencyPct).toBeLessThanOrEqual(100);
    }
  });
});

function r0() {
  return simulateEngineInput(MEGATRON_145B);
}

describe('small jobs', () => {
  it('runs a 4-GPU job on part of an 8-GPU node', () => {
    const r = simulateEngineInput({
      ...MEGATRON_145B,
      model: {
        ...MEGATRON_145B.model,
        layers: 24,
        hidden: 2048,
        heads: 16,
        kvHeads: 16,
        ffnHidden: 8192,
      },
      training: { ...MEGATRON_145B.training, globalBatchSeqs: 16 },
      parallelism: { tp: 1, pp: 1, dp: 4, cp: 1, vpp: 1, zeroStage: 1, sequenceParallel: false },
      cluster: { ...MEGATRON_145B.cluster, gpus: 4 },
    });
    expect(r.stepTimeS).toBeGreaterThan(0);
    expect(r.memory.fits).toBe(true);
  });
});

describe('data-parallel overlap on the first pipeline stage (per model chunk)', () => {
  it('plain 1F1B hides the reduction behind one micro batch pass only', () => {
    // 10 s of reduce-scatter, 4 s backward pass: 6 s exposed + 25 % of the 4 s hidden.
    expect(chunkedExposedS(10, 4, 8, 1)).toBeCloseTo(6 + 0.25 * 4, 12);
    expect(chunkedExposedS(2, 4, 8, 1)).toBeCloseTo(0.25 * 2, 12);
    expect(chunkedExposedS(0, 4, 8, 1)).toBe(0);
  });
  it('interleaving gives the earlier chunks the cooldown to hide behind', () => {
    // vpp 4, pp 8: the last chunk’s share (10/4) minus its own pass (4/4) stays exposed.
    expect(chunkedExposedS(10, 4, 8, 4)).toBeCloseTo(1.5 + 0.25 * 8.5, 12);
    // A step with only 2 micro batches has a shorter cooldown to hide behind.
    expect(chunkedExposedS(40, 4, 2, 4)).toBeGreaterThan(chunkedExposedS(40, 4, 8, 4));
    // Exposure never grows with more chunks, and never with a longer pass.
    for (const comm of [0.5, 3, 10, 40]) {
      let prev = Infinity;
      for (const v of [1, 2, 3, 4, 6, 8, 12]) {
        const e = chunkedExposedS(comm, 4, 8, v);
        expect(e).toBeLessThanOrEqual(prev + 1e-12);
        expect(e).toBeLessThanOrEqual(comm + 1e-12);
        expect(chunkedExposedS(comm, 8, 8, v)).toBeLessThanOrEqual(e + 1e-12);
        prev = e;
      }
    }
  });
  it('a large data-parallel degree costs more exposed reduction per step at the same per-GPU work', () => {
    // Same per-replica batch (8 micro batches), ZeRO-1, DP 16 vs DP 336: the bytes per GPU
    // barely change ((n−1)/n: +6 %), but every bucket's ring crosses 21× more nodes.
    const at = (dp: number) =>
      simulateEngineInput({
        ...MEGATRON_145B,
        training: { ...MEGATRON_145B.training, globalBatchSeqs: 8 * dp },
        parallelism: { tp: 8, pp: 8, dp, cp: 1, vpp: 2, zeroStage: 1, sequenceParallel: false },
        cluster: { ...MEGATRON_145B.cluster, gpus: 8 * 8 * dp },
      }).breakdown.dpCommS;
    expect(at(336)).toBeGreaterThan(1.15 * at(16));
  });
});

describe('FP8 keeps the output layer in BF16', () => {
  it('the logits GEMM costs the same under fp8 as under bf16 on H100', () => {
    const h100 = (precision: 'bf16' | 'fp8', vocab: number) =>
      simulateEngineInput({
        ...MEGATRON_145B,
        model: { ...MEGATRON_145B.model, vocab },
        training: { ...MEGATRON_145B.training, precision },
        cluster: { ...MEGATRON_145B.cluster, acceleratorId: 'h100-sxm' },
      }).stepTimeS;
    const dBf16 = h100('bf16', 256_000) - h100('bf16', 51_200);
    const dFp8 = h100('fp8', 256_000) - h100('fp8', 51_200);
    // The transformer layers run ≈ 1.8× faster in fp8; the head does not.
    expect(h100('fp8', 51_200)).toBeLessThan(0.8 * h100('bf16', 51_200));
    expect(dFp8 / dBf16).toBeGreaterThan(0.9);
    expect(dFp8 / dBf16).toBeLessThan(1.1);
  });
});

describe('periodic evaluation runs in whole global batches', () => {
  const withEval = (intervalSeqs: number, evalSeqs: number) =>
    simulateEngineInput({
      ...MEGATRON_145B,
      training: {
        ...MEGATRON_145B.training,
        tokensToTrain: 2304 * 2048 * 100,
        evaluation: { intervalSeqs, evalSeqs },
      },
    }).evaluationTimeS ?? 0;
  it('pads the evaluation set to whole global batches', () => {
    const one = withEval(2304 * 10, 2304);
    expect(one).toBeGreaterThan(0);
    expect(withEval(2304 * 10, 1)).toBeCloseTo(one, 9);
    expect(withEval(2304 * 10, 2305)).toBeCloseTo(2 * one, 9);
  });
  it('rounds the interval up to whole steps (10 evaluations in 100 steps, not 11)', () => {
    const per = withEval(2304 * 10, 2304) / 10;
    expect(withEval(2304 * 9 + 1, 2304)).toBeCloseTo(10 * per, 9);
    expect(withEval(2304 * 9, 2304)).toBeCloseTo(11 * per, 9);
  });
});

describe('the gradient buffer is held in the dtype the data-parallel reduction sends', () => {
  it('bf16 on the optimized stack (grad_reduce_in_fp32=False), fp32 on the baseline', () => {
    const bf16 = (stack: 'optimized' | 'baseline') =>
      simulateEngineInput({
        ...MEGATRON_145B,
        stack,
        training: { ...MEGATRON_145B.training, precision: 'bf16' },
      }).memory;
    const opt = bf16('optimized');
    const base = bf16('baseline');
    expect(opt.gradientsBytes / opt.weightsBytes).toBeCloseTo(1, 9);
    expect(base.gradientsBytes / base.weightsBytes).toBeCloseTo(2, 9);
  });
});

describe('each evaluation first gathers the distributed optimizer parameters', () => {
  // Megatron-Core runs the deferred parameter all-gather synchronously before evaluation
  // (`disable_forward_pre_hook(param_sync=True)`); MLPerf GPT-3 logs show it as the slower first
  // validation step and the faster training step after each evaluation.
  const evalTime = (zeroStage: 0 | 1, stack: 'optimized' | 'baseline', evalSeqs: number) =>
    simulateEngineInput({
      ...MEGATRON_145B,
      stack,
      parallelism: { tp: 8, pp: 8, dp: 24, cp: 1, vpp: 2, zeroStage, sequenceParallel: false },
      training: {
        ...MEGATRON_145B.training,
        tokensToTrain: 2304 * 2048 * 100,
        evaluation: { intervalSeqs: 2304 * 10, evalSeqs },
      },
    }).evaluationTimeS ?? 0;
  const syncPerEval = (zeroStage: 0 | 1, stack: 'optimized' | 'baseline') => {
    const one = evalTime(zeroStage, stack, 2304);
    const two = evalTime(zeroStage, stack, 2305);
    return (2 * one - two) / 10; // 10 evaluations; what does not scale with the batches
  };
  it('costs one exposed gather per evaluation with ZeRO-1 on the optimized stack', () => {
    const sync = syncPerEval(1, 'optimized');
    // 145B over TP8·PP8: 2.3 G bf16 parameters per GPU gathered over 24 nodes at 25 GB/s.
    expect(sync).toBeGreaterThan(0.05);
    expect(sync).toBeLessThan(0.3);
  });
  it('costs nothing without a sharded optimizer, or when the step already gathers in full', () => {
    expect(Math.abs(syncPerEval(0, 'optimized'))).toBeLessThan(1e-9);
    expect(Math.abs(syncPerEval(1, 'baseline'))).toBeLessThan(1e-9);
  });
});

describe('activation recomputation', () => {
  it('full recompute reruns the forward compute once; its collectives are counted with TP', () => {
    const r = simulateEngineInput(MEGATRON_145B);
    // Forward also holds the output layer; recompute only the transformer layers.
    expect(r.breakdown.recomputeS).toBeGreaterThan(0.85 * r.breakdown.forwardS);
    expect(r.breakdown.recomputeS).toBeLessThanOrEqual(r.breakdown.forwardS);
  });

  const LLAMA_LAYOUT = {
    tp: 8,
    pp: 16,
    dp: 64,
    cp: 1,
    vpp: null,
    zeroStage: 1,
    sequenceParallel: true,
  } as const;
  /** Llama 3 405B at 8K on 8,192 H100 (Meta 2024, Table 4 layout), recompute left open. */
  const LLAMA405: EngineInput = {
    model: {
      layers: 126,
      hidden: 16384,
      heads: 128,
      kvHeads: 8,
      ffnHidden: 53248,
      ffnType: 'swiglu',
      vocab: 128256,
      seqLen: 8192,
      moe: null,
    },
    training: {
      globalBatchSeqs: 2048,
      microBatch: 1,
      precision: 'bf16',
      recompute: null,
      finetune: null,
      tokensToTrain: null,
      optimizer: 'adam',
    },
    parallelism: LLAMA_LAYOUT,
    cluster: {
      acceleratorId: 'h100-sxm',
      gpus: 8192,
      gpusPerNode: 8,
      nvlinkDomain: 8,
      scaleOut: { fabric: 'roce', gbpsPerGpu: 400, tiers: null, oversubscription: null },
    },
    stack: 'optimized',
  };
  it('unstated recompute: the search recomputes only the layers memory needs (block method)', () => {
    const auto = simulateEngineInput(LLAMA405);
    const withRecompute = (recompute: 'full' | 'none') =>
      simulateEngineInput({
        ...LLAMA405,
        training: { ...LLAMA405.training, recompute },
        parallelism: { ...LLAMA_LAYOUT, vpp: auto.layout.vpp },
      });
    const all = withRecompute('full');
    const none = withRecompute('none');
    expect(none.memory.fits).toBe(false);
    expect(auto.memory.fits).toBe(true);
    expect(auto.layout.recompute).toBe('full');
    const k = auto.layout.recomputeLayers ?? 8;
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThan(8);
    expect(auto.stepTimeS).toBeLessThan(all.stepTimeS);
    expect(auto.hfuPct).toBeLessThan(all.hfuPct);
    expect(auto.memory.totalBytes).toBeGreaterThan(all.memory.totalBytes);
    expect(recomputeText(auto.layout, 126)).toBe(`full (${k} of 8 layers per stage)`);
  });
});

describe('layoutText', () => {
  it('states the layout in words, CP/EP only when used', () => {
    const r = simulateEngineInput(MEGATRON_145B);
    expect(layoutText(r.layout, 80)).toBe(
      'TP 8 · PP 8 (interleaved ×2) · DP 24 · micro batch 1 · ZeRO-0 · recompute full',
    );
    expect(layoutText({ ...r.layout, cp: 2, recompute: 'full', recomputeLayers: 3 }, 80)).toContain(
      'CP 2 · micro batch 1 · ZeRO-0 · recompute full (3 of 10 layers per stage)',
    );
  });
});

describe('pipeline point-to-point transfers', () => {
  it('overlap compute only in the interleaved schedule (Megatron turns overlap_p2p_comm off for vpp 1)', () => {
    const ppCommS = (vpp: number, stack: 'optimized' | 'baseline') =>
      simulateEngineInput({
        ...MEGATRON_145B,
        parallelism: { tp: 8, pp: 8, dp: 24, cp: 1, vpp, zeroStage: 0, sequenceParallel: false },
        stack,
      }).breakdown.ppCommS;
    const plainOpt = ppCommS(1, 'optimized');
    // Non-interleaved: the optimized stack exposes the sends exactly as the baseline does.
    expect(plainOpt).toBeCloseTo(ppCommS(1, 'baseline'), 12);
    // Interleaved: 2·vpp sends per micro batch, overlapped (25 % interference): less than vpp 1's.
    expect(ppCommS(2, 'optimized')).toBeLessThan(plainOpt);
  });
});

describe('the layout search’s shortcuts give what a full evaluation gives', () => {
  const fp8: EngineInput = {
    ...MEGATRON_145B,
    training: { ...MEGATRON_145B.training, precision: 'fp8' },
  };
  it('stepCore times a layout as evaluateCore does', () => {
    for (const input of [MEGATRON_145B, fp8]) {
      const ctx = buildContext(input);
      const l = simulateEngineInput(input).layout;
      const { memory, fits, ...timing } = evaluateCore(ctx, l);
      expect(stepCore(ctx, l)).toEqual(timing);
      expect(fits).toBe(memory.totalBytes <= ctx.dev.hbmBytes);
    }
  });
  it('memory options, asked for one context after another, are each context’s own', () => {
    const kernel = (attentionKernel: 'flash' | 'unfused'): EngineInput => ({
      ...MEGATRON_145B,
      training: { ...MEGATRON_145B.training, attentionKernel },
    });
    const a = buildContext(kernel('unfused'));
    const b = buildContext(kernel('flash'));
    const first = memoryOptions(a);
    expect(memoryOptions(b).flashAttention).toBe(true);
    expect(memoryOptions(a)).toEqual(first);
    expect(first.flashAttention).toBe(false);
  });
});

describe('the layout search’s memory plan memo', () => {
  // A 6.7B-parameter model (GPT-3 6.7B's shape) on 128 GPUs: layouts fit with and without
  // recompute, so every key field below changes which fit or their memory.
  const free: EngineInput = {
    ...MEGATRON_145B,
    model: {
      ...MEGATRON_145B.model,
      layers: 32,
      hidden: 4096,
      heads: 32,
      kvHeads: 32,
      ffnHidden: 16384,
    },
    parallelism: 'auto',
    training: {
      ...MEGATRON_145B.training,
      globalBatchSeqs: 512,
      microBatch: null,
      recompute: null,
    },
    cluster: { ...MEGATRON_145B.cluster, gpus: 128 },
  };
  const ctxOf = (input: EngineInput) => buildContext(input);
  const a100 = getAccelerator('a100-sxm-80gb');
  // One input per key field, each with a plan of its own (so a memo that ignored the field
  // would hand back another input's plan).
  const variants: [string, EngineInput][] = [
    ['model', { ...free, model: { ...free.model, layers: 40 } }],
    ['gpus', { ...free, cluster: { ...free.cluster, gpus: 512 } }],
    ['globalBatchSeqs', { ...free, training: { ...free.training, globalBatchSeqs: 384 } }],
    ['microBatch', { ...free, training: { ...free.training, microBatch: 2 } }],
    ['recompute', { ...free, training: { ...free.training, recompute: 'full' } }],
    ['fixed', { ...free, parallelism: { ...FREE, tp: 4 } }],
    ['domain', { ...free, cluster: { ...free.cluster, nvlinkDomain: 4 } }],
    [
      'memOpt (FlashAttention)',
      { ...free, training: { ...free.training, attentionKernel: 'flash' } },
    ],
    [
      'sequenceParallelDefault',
      {
        ...free,
        training: { ...free.training, softwareEra: 'current', attentionKernel: 'unfused' },
      },
    ],
    [
      'hbmBytes',
      {
        ...free,
        cluster: {
          ...free.cluster,
          accelerator: { ...a100, hbmGB: { ...a100.hbmGB, value: a100.hbmGB.value / 2 } },
        },
      },
    ],
    [
      'memOpt (LoRA)',
      { ...free, training: { ...free.training, finetune: { method: 'lora', rank: 16 } } },
    ],
  ];
  const fixedOf = (input: EngineInput) => (input.parallelism === 'auto' ? FREE : input.parallelism);

  it('gives each key its own plan, whatever was asked before', () => {
    const base = memoryPlan(planKeyOf(ctxOf(free), FREE, false));
    for (const [field, input] of variants) {
      const key = planKeyOf(ctxOf(input), fixedOf(input), false);
      const own = memoryPlan(key);
      expect(own, field).not.toEqual(base);
      memoryPlanFor(planKeyOf(ctxOf(free), FREE, false));
      expect(memoryPlanFor(key), field).toEqual(own);
    }
    // 500 sequences do not divide over DP 8 and more: the uneven pass has more layouts.
    const odd = ctxOf({ ...free, training: { ...free.training, globalBatchSeqs: 500 } });
    const even = memoryPlanFor(planKeyOf(odd, FREE, false));
    const uneven = planKeyOf(odd, FREE, true);
    expect(memoryPlan(uneven)).not.toEqual(even);
    expect(memoryPlanFor(uneven)).toEqual(memoryPlan(uneven));
  });

  it('is shared by the scale-out variants of one build, which search the same layouts', () => {
    const roce: EngineInput = {
      ...free,
      cluster: { ...free.cluster, scaleOut: { ...free.cluster.scaleOut, fabric: 'roce' } },
    };
    const a = ctxOf(free);
    const b = ctxOf(roce);
    expect(memoryPlanFor(planKeyOf(b, FREE, false))).toBe(memoryPlanFor(planKeyOf(a, FREE, false)));
    // The search's results are those of a search that starts from nothing.
    for (const input of [free, roce, free, ...variants.map(([, v]) => v)]) {
      const cold = simulateEngineInput(input);
      expect(searchLayout(ctxOf(input), fixedOf(input))).toEqual(cold);
    }
  });

  it('sees one model shape per model section (the plan is keyed by the shape)', () => {
    const sections = withLayout('auto');
    expect(engineInputOf(sections).model).toBe(engineInputOf(sections).model);
    const w = sections.workload;
    const longer = { ...w, model: { ...w.model, seqLenTokens: 4096 } };
    expect(modelShapeFor(longer.model).seqLen).toBe(4096);
    expect(modelShapeFor(w.model).seqLen).toBe(2048);
  });
});
