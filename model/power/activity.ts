/**
 * GPU board power from activity. A workload's wall time splits into phases by what the GPU
 * does: matrix work (tensor-core GEMMs, attention in prefill and training), memory-bound work
 * (decode steps that stream weights, optimizer updates, element-wise kernels), decode attention
 * over the KV cache, launch-bound small kernels, communication
 * (collectives the step waits for), waits with the clocks up (pipeline bubbles, data stalls,
 * checkpoint writes) and idle (restarts, no job). Each phase draws a measured share of the
 * board's power limit (never below its idle power); the board's power limiter holds the
 * time average, not each phase, at the limit:
 *
 *   P = min(limit, Σ_phase share_phase · max(P_idle, k_phase · TDP))
 *
 * (the time-weighted phase model of the Splitwise simulator, with the measured phases below).
 * Matrix work at full clocks draws more than the limit (k > 1): run alone it is held at the
 * limit by lowering clocks; mixed at a fine grain with lighter phases, its bursts pass at
 * full clocks and the mean stays under the limit (measured: H100 GEMM bursts of ~10 ms with
 * equal waits averaged 553 W at 1965 MHz, where the same GEMMs run back to back were held at
 * 695 W and 1365 MHz). A cap below the TDP lowers the limit the same way.
 */

/** Shares of wall time, for the GPUs that run the workload; they sum to 1. */
export type GpuActivity = {
  readonly matrix: number;
  readonly memory: number;
  /**
   * Decode attention: reading each request's KV cache with the softmax arithmetic spread over
   * every SM (FlashAttention/FlashDecoding kernels), HBM and SMs busy at once.
   */
  readonly attention: number;
  /** Small launch-bound kernels and per-step framework work (norms, GEMVs, sampling). */
  readonly launch: number;
  /** Collectives the step waits for inside the scale-up domain (NVLink/NVSwitch). */
  readonly commScaleUp: number;
  /** Collectives the step waits for across the scale-out fabric. */
  readonly commScaleOut: number;
  /** Clocks up, nothing to do: pipeline bubbles, data stalls, checkpoint writes. */
  readonly wait: number;
  /** No work: restarts after failures, time with no job scheduled. */
  readonly idle: number;
};

/** A phase's draw as a share of the board's power limit (TDP), with where the figure comes from. */
export type PhasePower = {
  readonly k: number;
  readonly source: string;
};

/**
 * Board power of each kind of work as a share of the board's power limit (TDP), measured on a
 * real GPU (ClusterPlan's probe of an H100 SXM, clusterplan-h100-probe; method and figures in
 * cli/device/) and carried to other accelerators as a share of their TDP (an assumption,
 * stated):
 * - matrix: tensor-core GEMMs at full clocks. Back to back, large GEMMs hold the board at its
 *   limit (H100 bf16 and fp8 at 695–698 W of 700 W; A100 bmm/addmm/mm 392–400 W of 400 W,
 *   flagperf-operators-a100); in ~10 ms bursts between equal waits at 130 W the mean was
 *   553 W at 1965 MHz, so a burst draws ≈ 976 W = 1.39 × TDP before the limiter acts. The
 *   engines' matrix time also holds the step's inefficiency (kernel gaps, non-GEMM kernels:
 *   the serving stack factor, the training model's achieved rate), which a fine-grained mix
 *   draws close to the bursts' power; the phase is taken at the burst's draw (checked on the
 *   ML.ENERGY serving cases of power-dev, where the busiest H100 reads 690 W of 700 W). Held
 *   at the limit, the same GEMMs ran at 674 TFLOP/s, 0.846 of their 797 TFLOP/s burst rate:
 *   the MSMF/MAMF ratio (0.848) the compute model takes from ml-engineering;
 * - memory: HBM-bound streaming: H100 decode-shaped GEMMs [8,8192]·[8192,28672] at 2.73 TB/s
 *   518 W = 0.74 of TDP (m = 1 504 W, copy 513 W, z = x + y 545 W). The A100's torch.add
 *   (255 W of 400 W, 0.64, flagperf-operators-a100) and the Splitwise simulator's H100 decode
 *   constant (380 W, 0.54, an author constant without its trace) are lower; the newer direct
 *   measurement is used;
 * - attention: decode attention over the KV cache (one query token per request, GQA 32/8 heads
 *   of 128, PyTorch SDPA as a CUDA graph) at 3.05–3.07 TB/s drew 618–623 W = 0.88 of TDP, where
 *   a copy at the same bandwidth drew 506 W: the kernel's arithmetic on every SM adds to the
 *   HBM traffic (at batch 8 and 1,024 tokens, 1.89 TB/s, 453 W);
 * - launch: launch-bound small kernels, H100 torch.mv 1024² 164 W = 0.23 of TDP (on A100 the
 *   same kernels read 151–165 W, 0.40 of its 400 W: this phase is closer to a fixed power than
 *   to a share of TDP, so older, smaller boards are under-predicted);
 * - communication: an NCCL all-reduce running alone, A100 146 W over NVSwitch (0.37 of TDP)
 *   and 103 W across InfiniBand (0.26) (flagperf-interconnect-a100). Measured on A100 only.
 * Waits and idle draw the idle-with-context power of the accelerator (catalog `idleW`; H100
 * measured 130 W waiting right after GEMMs and 131 W with one block spinning, as a collective
 * waiting for data does).
 */
export const PHASE_POWER: {
  readonly matrix: PhasePower;
  readonly memory: PhasePower;
  readonly attention: PhasePower;
  readonly launch: PhasePower;
  readonly commScaleUp: PhasePower;
  readonly commScaleOut: PhasePower;
} = {
  matrix: {
    k: 1.39,
    source:
      'ClusterPlan H100 probe: GEMM bursts between equal 130 W waits averaged 553 W at full clocks (bursts ≈ 976 W of 700 W); back to back held at 695–698 W',
  },
  memory: {
    k: 0.74,
    source: 'ClusterPlan H100 probe: decode-shaped bf16 GEMMs (m = 8) at 2.73 TB/s, 518 W of 700 W',
  },
  attention: {
    k: 0.88,
    source:
      'ClusterPlan H100 probe: decode attention over the KV cache at 3.05–3.07 TB/s, 618–623 W of 700 W',
  },
  launch: {
    k: 0.23,
    source: 'ClusterPlan H100 probe: launch-bound torch.mv 1024², 164 W of 700 W',
  },
  commScaleUp: {
    k: 0.37,
    source: 'FlagPerf A100 NCCL all-reduce alone over NVSwitch at 146 W of 400 W',
  },
  commScaleOut: {
    k: 0.26,
    source: 'FlagPerf A100 NCCL all-reduce alone across InfiniBand at 103 W of 400 W',
  },
};

/**
 * Board power of one GPU over a workload's activity, W: each phase's draw weighted by its
 * share of time, the mean held at the limit (the TDP, or a cap below it) by the board's power
 * limiter. Method: the phase model above (clusterplan-h100-probe, FlagPerf, Splitwise).
 * @param tdpW - power limit of the board (TDP), W
 * @param idleW - idle power with the job's memory allocated (P0), W
 * @param capW - a power cap below the TDP, W; null: none
 * @param a - shares of wall time (sum to 1)
 * @returns mean board power, W (idle ≤ P ≤ min(TDP, cap))
 */
export function gpuBoardPowerW(
  tdpW: number,
  idleW: number,
  capW: number | null,
  a: GpuActivity,
): number {
  const limit = capW !== null && capW < tdpW ? capW : tdpW;
  const base = Math.min(idleW, limit);
  const mean =
    a.matrix * phaseW(PHASE_POWER.matrix.k, tdpW, base) +
    a.memory * phaseW(PHASE_POWER.memory.k, tdpW, base) +
    a.attention * phaseW(PHASE_POWER.attention.k, tdpW, base) +
    a.launch * phaseW(PHASE_POWER.launch.k, tdpW, base) +
    a.commScaleUp * phaseW(PHASE_POWER.commScaleUp.k, tdpW, base) +
    a.commScaleOut * phaseW(PHASE_POWER.commScaleOut.k, tdpW, base) +
    (a.wait + a.idle) * base;
  return Math.min(limit, mean);
}

/** A phase's draw at full clocks: its share of TDP, never below idle, W. */
function phaseW(k: number, tdpW: number, base: number): number {
  return Math.max(base, k * tdpW);
}

/** Activity with every share in [0, 1] and the shares summing to 1 (within rounding). */
export function checkActivity(a: GpuActivity): void {
  let sum = 0;
  for (const k of [
    'matrix',
    'memory',
    'attention',
    'launch',
    'commScaleUp',
    'commScaleOut',
    'wait',
    'idle',
  ] as const) {
    const v = a[k];
    if (!(Number.isFinite(v) && v >= -1e-12 && v <= 1 + 1e-12))
      throw new RangeError(`activity.${k} must be a share from 0 to 1 (got ${String(v)})`);
    sum += v;
  }
  if (Math.abs(sum - 1) > 1e-6)
    throw new RangeError(`activity shares must sum to 1 (got ${sum.toFixed(6)})`);
}

/** A share of time spent idle added to an activity (the rest scaled down), e.g. utilisation. */
export function withIdleShare(a: GpuActivity, busy: number): GpuActivity {
  return {
    matrix: a.matrix * busy,
    memory: a.memory * busy,
    attention: a.attention * busy,
    launch: a.launch * busy,
    commScaleUp: a.commScaleUp * busy,
    commScaleOut: a.commScaleOut * busy,
    wait: a.wait * busy,
    idle: a.idle * busy + (1 - busy),
  };
}

/** Share of wall time a GPU is not idle or waiting (computing or communicating). */
export function busyShare(a: GpuActivity): number {
  return a.matrix + a.memory + a.attention + a.launch + a.commScaleUp + a.commScaleOut;
}

/** No work at all (every share idle). */
export const IDLE_ACTIVITY: GpuActivity = {
  matrix: 0,
  memory: 0,
  attention: 0,
  launch: 0,
  commScaleUp: 0,
  commScaleOut: 0,
  wait: 0,
  idle: 1,
};

/** Matrix work all the time (a GEMM loop; the heaviest phase of a training step). */
export const MATRIX_ACTIVITY: GpuActivity = { ...IDLE_ACTIVITY, idle: 0, matrix: 1 };
