import type { Accelerator } from '../catalog/accelerators';
import type { Precision } from '../vocabulary';

/**
 * Achievable large-GEMM efficiency (fraction of dense peak) per accelerator, from the
 * "Maximum Achievable Matmul FLOPS" (MAMF) measurements, S. Bekman, ml-engineering
 * (source ids `mamf-ml-engineering`, `mamf-h200-b200`): A100 SXM BF16 267.9/312 = 85.9 %,
 * H100 SXM 792.1/989 = 80.1 % (H100/H200 794.5 → 80.3 %), B200 BF16 1745/2250 = 77.6 %,
 * H200 FP8 1453.4/1979 = 73.4 %, B200 FP8 3432.5/4500 = 76.3 %, MI300X BF16 781.9/1300 = 60.1 %.
 * Parts without a measurement take their sibling's value (`derived`) or a planning value
 * (`estimate`, marked below). FP4: B200 block-scaled FP4 GEMM, cuBLASLt (cublasTest 13.3) at
 * 8192³ = 5,239 TFLOP/s of 9,000 dense = 58.2 % (source `fp4-gemm-b200`: DeepGEMM PR #348, which
 * also lists its own kernel at 5,702, 63.4 %); Blackwell parts take it (`derived`), others without
 * a measurement use their FP8 fraction.
 */
type EffEntry = {
  readonly bf16: number;
  readonly fp8: number;
  /** Block-scaled FP4 (NVFP4/MXFP4) GEMMs; absent: the FP8 fraction. */
  readonly fp4?: number;
  /** Sustained (power-saturated, all GPUs busy) over burst: MSMF / MAMF. */
  readonly sustained: number;
  readonly basis: string;
};
/**
 * Sustained-over-burst ratio, MSMF/MAMF, measured with all 8 GPUs of a node busy
 * (ml-engineering `compute/accelerator/benchmarks/README.md`, "alone vs all-8 concurrent"):
 * H200 BF16 698.6/823.9 = 0.848, B200 BF16 1426.4/1751.2 = 0.815. MSMF is "the power-saturated,
 * sustained rate that matches real training throughput". AMD MI300X reaches its 750 W cap within
 * one kernel, so its MAMF is already sustained (ratio 1). Others: Hopper value (estimate).
 */
const SUSTAINED_HOPPER = 0.848;
/** B200 FP4 GEMM fraction of the dense FP4 peak: 5,239 / 9,000 TFLOP/s (see the MAMF note). */
export const FP4_GEMM_BLACKWELL = 0.582;
const SUSTAINED_BLACKWELL = 0.815;
const MAMF: Readonly<Record<string, EffEntry>> = {
  'a100-sxm-80gb': {
    bf16: 0.859,
    fp8: 0.859,
    sustained: SUSTAINED_HOPPER,
    basis: 'read (fp8 runs at bf16 rate); sustained ratio from Hopper (estimate)',
  },
  'h100-sxm': {
    bf16: 0.801,
    fp8: 0.734,
    sustained: SUSTAINED_HOPPER,
    basis: 'read (fp8: H200 value, same GH100 die)',
  },
  'h200-sxm': { bf16: 0.803, fp8: 0.734, sustained: SUSTAINED_HOPPER, basis: 'read' },
  h800: {
    bf16: 0.801,
    fp8: 0.734,
    sustained: SUSTAINED_HOPPER,
    basis: 'derived from H100 SXM (same GH100 die and clocks)',
  },
  b200: {
    bf16: 0.776,
    fp8: 0.763,
    fp4: FP4_GEMM_BLACKWELL,
    sustained: SUSTAINED_BLACKWELL,
    basis: 'read (fp4: cuBLASLt 8192³)',
  },
  b300: {
    bf16: 0.776,
    fp8: 0.763,
    fp4: FP4_GEMM_BLACKWELL,
    sustained: SUSTAINED_BLACKWELL,
    basis: 'derived from B200',
  },
  gb200: {
    bf16: 0.776,
    fp8: 0.763,
    fp4: FP4_GEMM_BLACKWELL,
    sustained: SUSTAINED_BLACKWELL,
    basis: 'derived from B200',
  },
  gb300: {
    bf16: 0.776,
    fp8: 0.763,
    fp4: FP4_GEMM_BLACKWELL,
    sustained: SUSTAINED_BLACKWELL,
    basis: 'derived from B200',
  },
  // AMD: MAMF measured at the board's default power (ml-engineering table, 2025 revision: MI300X
  // 668.4 of 1,300 TFLOP/s BF16 with torch 2.5.1 + ROCm 6.3 and TunableOp; MI325X 784.9 at its
  // 1,000 W; MI355X 1,565 of 2,300 with ROCm 7.0.2). The same die sustains higher clocks under
  // the MI325X's 1,000 W than the MI300X's 750 W, which the measurements carry (1.17×; the
  // power-cap model, model/compute powerCap.ts, gives 1.2× for 750 → 1,000 W). FP8: no MAMF
  // published; SemiAnalysis (2024-12, public ROCm, hipBLASLt) measured MI300X FP8 GEMMs at about
  // 0.42 of the FP8 peak (estimate, the figure the serving engine used); MI325X and MI355X take it
  // scaled by their BF16 ratio to MI300X (derived).
  mi300x: {
    bf16: 0.514,
    fp8: 0.42,
    sustained: 1,
    basis: 'read (BF16, ROCm 6.3); FP8 SemiAnalysis estimate',
  },
  mi325x: {
    bf16: 0.604,
    fp8: 0.494,
    sustained: 1,
    basis: 'read (BF16 at 1,000 W); FP8 derived from MI300X',
  },
  mi355x: {
    bf16: 0.68,
    fp8: 0.556,
    sustained: 1,
    basis: 'read (BF16, ROCm 7.0.2); FP8 derived from MI300X',
  },
  gaudi2: { bf16: 0.75, fp8: 0.75, sustained: SUSTAINED_HOPPER, basis: 'estimate' },
  gaudi3: { bf16: 0.75, fp8: 0.75, sustained: SUSTAINED_HOPPER, basis: 'estimate' },
  l40s: {
    bf16: 0.7,
    fp8: 0.7,
    sustained: SUSTAINED_HOPPER,
    basis: 'estimate (power-limited PCIe card)',
  },
  'rtx-pro-6000': { bf16: 0.7, fp8: 0.7, sustained: SUSTAINED_HOPPER, basis: 'estimate' },
};
const DEFAULT_MAMF: EffEntry = {
  bf16: 0.7,
  fp8: 0.7,
  sustained: SUSTAINED_HOPPER,
  basis: 'estimate',
};

/**
 * Fixed time per GEMM kernel (launch, prologue/epilogue, last partial wave), seconds.
 * Derived from Calculon's A100 matrix-efficiency table (Isaev et al. SC'23,
 * `systems/a100_80g.json`): efficiency 0.6 of the asymptote at 1 GFLOP and 0.9 at 16 GFLOP
 * imply a fixed cost of ≈ 2–3 µs at 268 TFLOP/s, i.e. t = t0 + F/(η·peak) with t0 = 2.5 µs.
 */
export const GEMM_FIXED_S = 2.5e-6;
/** Fixed time per memory-bound (elementwise/normalisation) kernel, seconds (launch ≈ 1–2 µs). */
export const ELEMENTWISE_FIXED_S = 1.5e-6;
/**
 * Achievable share of HBM bandwidth for streaming kernels. Calculon uses 0.9 for ≥ 100 MB
 * transfers on A100; STREAM-style copies reach ≈ 85–90 % on HBM2e/HBM3. AMD MI300X measured
 * copies reach ≈ 80 % (estimate). Values below.
 */
export const HBM_EFFICIENCY_NVIDIA = 0.85;
export const HBM_EFFICIENCY_OTHER = 0.8;
/**
 * FlashAttention throughput relative to the large-GEMM asymptote: FlashAttention-2 (Dao 2023)
 * reaches up to 73 % of A100 peak forward and ≈ 63 % backward (vs 86 % MAMF → 0.85, 0.73);
 * FlashAttention-3 (Shah et al. 2024) 740 TFLOP/s forward BF16 on H100 (75 % vs 80 % → 0.93).
 * We use forward 0.85, backward 0.73 (the FA2 ratios, the conservative pair).
 */
export const ATTN_FWD_REL = 0.85;
export const ATTN_BWD_REL = 0.73;

/**
 * FlashAttention's rate grows with the keys one kernel processes (fewer, larger tiles amortise the
 * per-block softmax rescaling and the kernel's prologue): rate ∝ k/(k + ATTN_KEYS_K0). Read from
 * the FlashAttention-3 paper (Shah et al. 2024, Fig. "Attention forward speed, head dim 128, H100
 * 80GB SXM5"): 467 TFLOP/s at 512 tokens, 565 at 1k, 625 at 2k, 648 at 16k, which k0 ≈ 200
 * reproduces within 4 %. `ATTN_FWD_REL`/`ATTN_BWD_REL` hold at long sequences (`ATTN_KEYS_REF`).
 */
export const ATTN_KEYS_K0 = 200;
export const ATTN_KEYS_REF = 16384;

/** FlashAttention rate at `keys` keys per kernel relative to the long-sequence rate (≤ 1.01). */
export function attentionKeysFactor(keys: number): number {
  return ((keys / (keys + ATTN_KEYS_K0)) * (ATTN_KEYS_REF + ATTN_KEYS_K0)) / ATTN_KEYS_REF;
}

/**
 * Fused-attention rate falls with the head width: per score element a tile does the same softmax
 * work (exp, max, rescale) whatever the width, while its two matmuls scale with it, so rate ∝
 * d/(d + d0) below the reference width `ATTN_HEAD_DIM_REF` = 128, at which `ATTN_FWD_REL`/
 * `ATTN_BWD_REL` were read. Read from the FlashAttention-3 paper's H100 SXM5 BF16 sweeps (Shah
 * et al. 2024, Figs. "Attention forward/backward speed, head dim 64 / 128", 16k tokens), cuDNN
 * (Transformer Engine's fused backend, which Megatron-Core runs): forward causal 388 vs 539
 * TFLOP/s at d = 64 vs 128 (0.72; FlashAttention-3 473 vs 616, 0.77), backward 433 vs 516 (0.84;
 * FlashAttention-3 474 vs 561, 0.845); cudnn-frontend PR #505 times cuDNN's backward on SM120 at
 * S 4,096, 16 heads, causal: 558 µs at d = 64, 921 µs at d = 128, i.e. 0.83 of the d = 128 rate. The
 * d0 that reproduce the ratios: 81 forward, 30 backward (the backward's five matmuls per
 * exponential dilute the softmax work). Wider heads are not credited: cuDNN's d = 256 rate is at
 * or below its d = 128 rate in the same figures (581 vs 595 forward), so the factor is 1 from 128 up.
 */
export const ATTN_HEAD_DIM_REF = 128;
export const ATTN_HEAD_DIM_D0 = { fwd: 81, bwd: 30 } as const;

/** Fused-attention rate at head width `headDim` relative to width 128 (≤ 1), forward or backward. */
export function attentionHeadDimFactor(headDim: number, pass: 'fwd' | 'bwd'): number {
  if (!(headDim > 0) || headDim >= ATTN_HEAD_DIM_REF) return 1;
  const d0 = ATTN_HEAD_DIM_D0[pass];
  return (headDim / (headDim + d0)) * ((ATTN_HEAD_DIM_REF + d0) / ATTN_HEAD_DIM_REF);
}

/**
 * Tile of a fused-attention kernel along queries and keys (FlashAttention-2/3 and cuDNN tile the
 * score matrix in 128-row, 128-column blocks at head widths ≤ 128).
 */
export const ATTN_TILE = 128;

/**
 * Keys a sliding-window attention kernel visits per query, and the rate it reaches on them: the
 * kernel skips only whole key tiles outside the band, so a query tile of `ATTN_TILE` rows, whose
 * rows each see the `window` keys before them, loads every key tile from the first row's window
 * start to the last row's position: ⌈window/tile⌉ + 1 tiles (FlashAttention's local-attention
 * `n_block_min = (m_block·kBlockM − window_left)/kBlockN`; cuDNN's band mask likewise), at the
 * short-span rate of {@link attentionKeysFactor}. Capped at the whole causal span (`keys`).
 * Checked against cudnn-frontend PR #505 (SM120, causal backward, S 16,384, d 64): cuDNN takes
 * 791.8 µs at a window of 511 and 1,169.2 µs at 1,023 against 6,447.7 µs unwindowed, i.e. the
 * work of 1,006 and 1,485 keys per query at the full-length rate (FlashAttention-2: 958, 1,418);
 * this rule gives 830 and 1,336, against 503 and 991 useful keys.
 * @returns the keys visited per query and their rate relative to the long-sequence rate
 */
export function slidingWindowAttention(
  window: number,
  keys: number,
): { readonly keysVisited: number; readonly rate: number } {
  const visited = (Math.ceil(window / ATTN_TILE) + 1) * ATTN_TILE;
  if (!(window > 0) || visited >= keys)
    return { keysVisited: keys / 2, rate: attentionKeysFactor(keys) };
  return { keysVisited: visited, rate: attentionKeysFactor(visited) };
}

/**
 * Host (CPU) time to launch one GEMM from eager PyTorch, seconds: back-to-back GEMMs whose kernels
 * are shorter than this run at this pace, whatever the GPU. Measured on one H100 SXM (2026-11-26,
 * `cli/device/results/h100-sxm-2026-11-26.json`, `gemm_table`; method: `cli/device/power_probe.py`,
 * 50 back-to-back calls timed with CUDA events after 3 warm-ups): `torch.matmul` in BF16 flattens
 * at 15–18 µs per call for shapes whose kernel is shorter (gpt-oss expert [m,2880]×[2880,5760]
 * 15.4–16.4 µs for m = 8…128; DeepSeek-V3 expert down [m,2048]×[2048,7168] 15.4–18.0 µs for
 * m = 1…256), `torch._scaled_mm` in FP8 (per-tensor scales) at 19–29 µs (Qwen3 expert
 * [m,4096]×[4096,3072] 27–29 µs for m = 16…1,024, where the same GEMM in BF16 takes 18–24 µs).
 * A least-squares fit of the roofline below plus this floor to all 156 rows gives 18 µs (BF16)
 * and 24 µs (FP8). FP4 takes the FP8 value (scaled GEMM path; estimate).
 */
export const EAGER_GEMM_LAUNCH_S = { bf16: 18e-6, fp8: 24e-6 } as const;

/**
 * Per-expert pace of Transformer Engine's grouped GEMM with block-scaled FP8/FP4 operands, seconds
 * per expert GEMM: `GroupedLinear` runs one cuBLASLt GEMM per local expert spread over several CUDA
 * streams (`nvte_multi_tensor_gemm`, TE's default grouped path), each call preceded by its scale
 * handling. TE PR #3134 (NVIDIA/TransformerEngine, 2026-06, SM100 Blackwell,
 * `benchmarks/linear/benchmark_grouped_linear.py`) times that path at 0.272 ms for 8 experts of
 * 128 tokens (N = K = 2,048; 0.267 ms with the scales pre-swizzled) against 0.069 ms for one
 * single-launch CUTLASS kernel doing the same math: 0.272 / 8 = 34 µs per expert, set by the
 * per-GEMM dispatch, not by the tensor cores. It replaces {@link EAGER_GEMM_LAUNCH_S}'s bare
 * `torch._scaled_mm` figure (24 µs, H100) as the floor of FP8/FP4 grouped expert GEMMs; BF16
 * grouped GEMMs keep the bare eager figure (no published TE BF16 grouped timing at small m).
 */
export const TE_GROUPED_GEMM_LAUNCH_S_QUANTIZED = 34e-6;

/** Per-accelerator constants precomputed once per evaluation (hot path uses plain numbers). */
export type DeviceConstants = {
  readonly id: string;
  /** Dense peak of the matmul precision, FLOP/s. */
  readonly peakFlopsPerS: number;
  /** Achievable large-GEMM rate at the matmul precision, FLOP/s. */
  readonly gemmFlopsPerS: number;
  /** Achievable attention-core rate (runs in 16-bit), FLOP/s. */
  readonly attnFlopsPerS: number;
  /** Achievable HBM bandwidth, B/s. */
  readonly hbmBytesPerS: number;
  /** HBM capacity, B. */
  readonly hbmBytes: number;
  /** Bytes per element of matmul inputs at this precision. */
  readonly gemmInputBytes: number;
  /** Precision actually used for the peak (e.g. fp8 on A100 runs at bf16 rate). */
  readonly effectivePrecision: Precision;
  /** Scale-up bandwidth per GPU per direction, B/s (0 if none). */
  readonly scaleUpBytesPerS: number;
  /** Default scale-up domain size. */
  readonly scaleUpDomain: number;
  readonly scaleUpFabric: Accelerator['scaleUpFabric'];
  /** Host time to launch one GEMM from eager PyTorch at this precision, s ({@link EAGER_GEMM_LAUNCH_S}). */
  readonly gemmLaunchS: number;
  /**
   * Per-expert pace of a grouped expert GEMM at this precision, s: {@link TE_GROUPED_GEMM_LAUNCH_S_QUANTIZED}
   * for FP8/FP4, else the eager launch time.
   */
  readonly groupedGemmLaunchS: number;
};

/**
 * Peak dense FLOP/s for a precision. A precision the part lacks falls back to the next wider
 * one the part has (fp4 → fp8 → bf16), as frameworks do; `effectivePrecision` reports it.
 */
export function peakFor(
  acc: Accelerator,
  precision: Precision,
): { flopsPerS: number; precision: Precision } {
  const d = acc.denseTflops;
  if (precision === 'fp4' && d.fp4 !== undefined)
    return { flopsPerS: d.fp4.value * 1e12, precision };
  if ((precision === 'fp4' || precision === 'fp8') && d.fp8 !== undefined) {
    return { flopsPerS: d.fp8.value * 1e12, precision: 'fp8' };
  }
  if (precision === 'fp16' && d.fp16 !== undefined)
    return { flopsPerS: d.fp16.value * 1e12, precision };
  return { flopsPerS: d.bf16.value * 1e12, precision: precision === 'fp16' ? 'fp16' : 'bf16' };
}

/**
 * Precompute the roofline constants of an accelerator at a matmul precision.
 * Units: FLOP/s, B/s, B. Method: roofline (Williams et al. 2009) with achievable ceilings from
 * MAMF (compute) and streaming efficiency (memory); see the constants above for sources.
 */
export function deviceConstants(acc: Accelerator, precision: Precision): DeviceConstants {
  const peak = peakFor(acc, precision);
  const eff = MAMF[acc.id] ?? DEFAULT_MAMF;
  const e =
    (peak.precision === 'fp4'
      ? (eff.fp4 ?? eff.fp8)
      : peak.precision === 'fp8'
        ? eff.fp8
        : eff.bf16) * eff.sustained;
  const bf16Peak = acc.denseTflops.bf16.value * 1e12;
  const hbmEff = acc.vendor === 'NVIDIA' ? HBM_EFFICIENCY_NVIDIA : HBM_EFFICIENCY_OTHER;
  const bidir = acc.scaleUpGBpsBidirectional?.value ?? 0;
  return {
    id: acc.id,
    peakFlopsPerS: peak.flopsPerS,
    gemmFlopsPerS: peak.flopsPerS * e,
    attnFlopsPerS: bf16Peak * eff.bf16 * eff.sustained,
    hbmBytesPerS: acc.hbmTBps.value * 1e12 * hbmEff,
    // HBM capacities are binary: stacks are built from 16/24/32 Gbit dies, and "80 GB" parts
    // report 80 GiB (A100 80GB: 81,920 MiB in nvidia-smi). So the datasheet "GB" is read as GiB.
    hbmBytes: acc.hbmGB.value * 1024 ** 3,
    gemmInputBytes: peak.precision === 'fp8' ? 1 : peak.precision === 'fp4' ? 0.5 : 2,
    effectivePrecision: peak.precision,
    scaleUpBytesPerS: (bidir * 1e9) / 2,
    scaleUpDomain: acc.scaleUpDomainGpus.value,
    scaleUpFabric: acc.scaleUpFabric,
    gemmLaunchS:
      peak.precision === 'bf16' || peak.precision === 'fp16'
        ? EAGER_GEMM_LAUNCH_S.bf16
        : EAGER_GEMM_LAUNCH_S.fp8,
    groupedGemmLaunchS:
      peak.precision === 'bf16' || peak.precision === 'fp16'
        ? EAGER_GEMM_LAUNCH_S.bf16
        : TE_GROUPED_GEMM_LAUNCH_S_QUANTIZED,
  };
}

/**
 * Achievable large-GEMM fraction of the dense peak per precision (MAMF, before the sustained-clock
 * factor), the one table both engines read: training multiplies it by the sustained ratio of a
 * busy node, serving by its stack factor. FP4 without a measurement: the FP8 fraction.
 */
export function gemmEfficiency(id: string): { bf16: number; fp8: number; fp4: number } {
  const e = MAMF[id] ?? DEFAULT_MAMF;
  return { bf16: e.bf16, fp8: e.fp8, fp4: e.fp4 ?? e.fp8 };
}

/** Basis of the MAMF efficiency used for an accelerator (for reports). */
export function gemmEfficiencyBasis(id: string): string {
  return (MAMF[id] ?? DEFAULT_MAMF).basis;
}

/**
 * Time of one GEMM C[m×n] = A[m×k]·B[k×n], seconds: roofline max of compute
 * (t0 + 2mnk / achievable FLOP/s) and memory (inputs at the matmul precision, 16-bit output,
 * over achievable HBM bandwidth). Small or skinny GEMMs (LoRA adapters, tiny hidden sizes)
 * become memory-bound and pay the fixed kernel cost. Source: roofline model; t0 and η above.
 */
export function gemmTimeS(dev: DeviceConstants, m: number, n: number, k: number): number {
  const flops = 2 * m * n * k;
  const compute = GEMM_FIXED_S + flops / dev.gemmFlopsPerS;
  const bytes = (m * k + k * n) * dev.gemmInputBytes + m * n * 2;
  const memory = ELEMENTWISE_FIXED_S + bytes / dev.hbmBytesPerS;
  return compute > memory ? compute : memory;
}

/**
 * Time of `kernels` memory-bound kernels moving `bytes` (B) through HBM, seconds:
 * kernels × 1.5 µs + bytes / achievable bandwidth (roofline memory side).
 */
export function memoryTimeS(dev: DeviceConstants, bytes: number, kernels: number): number {
  return kernels * ELEMENTWISE_FIXED_S + bytes / dev.hbmBytesPerS;
}

/**
 * Spread (standard deviation, fraction) of sustained matmul throughput between GPUs of the same
 * model under load. Derived from ml-engineering's all-8-busy MSMF runs on H200: node MSMF (the
 * slowest GPU) 727 vs median 752 TFLOP/s, −3.3 %, which is the expected minimum of 8 normal
 * samples (−1.42 σ) for σ ≈ 2.3 %; B200 showed a 10.4 % range over 40 samples (consistent).
 */
export const GPU_SPEED_SIGMA = 0.023;

/**
 * Slow-down of synchronous training paced by its slowest GPU: 1 / (1 − σ·z_N), z_N the expected
 * maximum of N standard normal samples (extreme-value approximation
 * √(2 ln N) − (ln ln N + ln 4π) / (2√(2 ln N)), Cramér 1946), N = GPUs in the job.
 * Returns a factor ≥ 1 applied to compute time.
 */
export function slowestGpuFactor(gpus: number): number {
  if (gpus < 3) return 1 + GPU_SPEED_SIGMA * (gpus === 2 ? 0.56 : 0);
  const l = Math.log(gpus);
  const r = Math.sqrt(2 * l);
  const z = r - (Math.log(l) + Math.log(4 * Math.PI)) / (2 * r);
  return 1 / (1 - GPU_SPEED_SIGMA * Math.max(0, z));
}

/**
 * Rows of one GEMM output tile: grouped (per-expert) GEMMs pad each group's rows up to a whole
 * tile (DeepGEMM's contiguous layout aligns every expert's block to 128 rows,
 * `get_mk_alignment_for_contiguous_layout()`; CUTLASS/cuBLAS grouped kernels tile M by 64–256).
 */
export const GROUPED_TILE_ROWS = 128;

/**
 * Inner-dimension cost of a GEMM tile: each output tile pays a fixed prologue/epilogue worth
 * `GEMM_K0` elements of its K loop, so efficiency scales as K/(K + K0). Derived from DeepGEMM's
 * published H800 FP8 table (deepseek-ai/DeepGEMM README, 2025-02): grouped GEMMs with the same M
 * and N tiles reach 1,297 TFLOP/s at K = 7,168 and 1,099 at K = 2,048 (N 4,096 vs 7,168, same
 * tile count per row), which gives K0 ≈ 560; the same rule then reproduces its dense
 * 4096×7168×16384 GEMM (1,358 TFLOP/s predicted from the K = 7,168 point: 1,354). The achievable
 * rates (MAMF) were measured at large K, taken as `GEMM_K_REF`.
 */
export const GEMM_K0 = 560;
export const GEMM_K_REF = 8192;

/**
 * Rows of a GEMM (tokens in a serving step, tokens per expert) below which the kernel loses rate
 * to partial tiles and waves: rate ∝ m/(m + GEMM_M0), relative to `GEMM_M_REF` rows. Derived from
 * DeepGEMM's published H800 FP8 tables (deepseek-ai/DeepGEMM README, 2025-02): N = 4,096,
 * K = 7,168 at 1,297 TFLOP/s with 8,192 rows per group, 1,233 at 1,024, 1,040 at 512 and 932 at
 * 256; m0 = 128 (one tile of rows) reproduces them within 4 %. Large-shape rates (MAMF) are the
 * reference; the issue it fixes: efficiency measured at 8192³ applied to small decode GEMMs.
 * Checked against GEMMs timed on one H100 SXM (2026-11-26, `cli/device/results/
 * h100-sxm-2026-11-26.json` `gemm_table`, method `cli/device/power_probe.py`; 6 dense and expert
 * shapes, m = 1…16,384, BF16 and FP8): with the roofline memory side and the host launch floor
 * ({@link EAGER_GEMM_LAUNCH_S}) a least-squares fit gives m0 = 64–96 (BF16) and 160–192 (FP8),
 * with an RMS log error within 0.005 of m0 = 128's, so 128 stays; the curve reproduces the
 * compute-bound rows (m ≥ 1,024) within a median 10 % (test/model/compute/gemmMeasured.test.ts).
 * The largest rates measured, 797 TFLOP/s BF16 and 1,405 FP8, are 0.805 and 0.710 of the dense
 * peaks (MAMF table: 0.801 and 0.734).
 */
export const GEMM_M0 = 128;
export const GEMM_M_REF = 4096;

/** GEMM rate at `m` rows relative to the large-shape rate (≤ ~1.03). */
export function rowsFactor(m: number): number {
  if (!(m > 0)) return 1;
  return ((m / (m + GEMM_M0)) * (GEMM_M_REF + GEMM_M0)) / GEMM_M_REF;
}

/** Efficiency of a GEMM with inner dimension k relative to the MAMF reference shape (≤ ~1.06). */
export function innerDimFactor(k: number): number {
  return ((k / (k + GEMM_K0)) * (GEMM_K_REF + GEMM_K0)) / GEMM_K_REF;
}

/**
 * Time of one grouped GEMM (one kernel over `groups` independent problems, as MoE experts run:
 * Megatron-Core `moe_grouped_gemm`, TE GroupedLinear, DeepGEMM), seconds. Each group multiplies
 * [m×k]·[k×n]; its rows are padded to whole tiles ({@link GROUPED_TILE_ROWS}), the inner
 * dimension costs as {@link innerDimFactor} (a weight-gradient GEMM's K is the expert's token
 * count, so few tokens per expert lose efficiency there), the kernel pays one fixed cost, and the
 * roofline memory side reads every group's weights and activations. MegaBlocks (Gale et al.
 * MLSys'23 §5) shows the same losses for fine-grained experts with few tokens each.
 */
/**
 * Grouped-GEMM rate relative to a dense GEMM of the same precision: Megatron-Core's MXFP8 grouped
 * GEMM (multi-stream cuBLAS) reaches 2,672 TFLOP/s on GB200 at K = 7,168, N = 2,048 (L2 flushed;
 * DeepSeek-V3 GB200 guide §1), 53.4 % of the 5,000 TFLOP/s dense FP8 peak, against the
 * 0.763 × 0.815 = 62.2 % this model gives a dense FP8 GEMM on Blackwell: 0.86 (derived).
 * DeepGEMM's Hopper contiguous grouped kernel loses less (1,297 vs 1,358 TFLOP/s dense), but the
 * Megatron/Transformer Engine stack the published runs use is the one measured here.
 * The rate also falls with the rows per expert ({@link rowsFactor}; the H100 measurement of
 * 2026-11-26 shows expert shapes reaching their large-m rate only at 1,024–4,096 rows), and the
 * GEMMs cannot run faster than the host launches them: one GEMM per expert
 * ({@link EAGER_GEMM_LAUNCH_S}; dropless routing keeps the routed experts out of CUDA graphs).
 */
export const GROUPED_GEMM_REL = 0.86;

export function groupedGemmTimeS(
  dev: DeviceConstants,
  m: number,
  n: number,
  k: number,
  groups: number,
): number {
  if (groups <= 0 || m <= 0 || n <= 0 || k <= 0) return 0;
  const rows = Math.ceil(m / GROUPED_TILE_ROWS - 1e-9) * GROUPED_TILE_ROWS;
  const flops = 2 * rows * n * k * groups;
  const compute =
    GEMM_FIXED_S +
    flops / (dev.gemmFlopsPerS * GROUPED_GEMM_REL * innerDimFactor(k) * rowsFactor(m));
  const bytes = groups * ((m * k + k * n) * dev.gemmInputBytes + m * n * 2);
  const memory = ELEMENTWISE_FIXED_S + bytes / dev.hbmBytesPerS;
  const gpu = compute > memory ? compute : memory;
  // One GEMM per group launched from the host (Transformer Engine GroupedLinear: multi-stream
  // cuBLAS, one GEMM per local expert), outside CUDA graphs under dropless routing.
  const host = groups * dev.groupedGemmLaunchS;
  return gpu > host ? gpu : host;
}
