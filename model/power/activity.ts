/**
 * GPU board power from activity. A workload's wall time splits into phases by what the GPU
 * does: matrix work (tensor-core GEMMs and attention), memory-bound work (decode steps that
 * stream weights and KV cache, optimizer updates, element-wise kernels), communication
 * (collectives the step waits for), waits with the clocks up (pipeline bubbles, data stalls,
 * checkpoint writes) and idle (restarts, no job). Each phase draws a sourced share of the span
 * draws a measured share of the board's power limit (never below its idle power):
 *
 *   P = Σ_phase share_phase · min(cap, max(P_idle, k_phase · TDP))
 *
 * (the time-weighted phase model of the Splitwise simulator, with the measured phases below).
 * A board power cap clips each phase's draw at the cap: a phase that draws less than the cap
 * is not slowed or lowered (DVFS acts only above it).
 */

/** Shares of wall time, for the GPUs that run the workload; they sum to 1. */
export type GpuActivity = {
  readonly matrix: number;
  readonly memory: number;
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
 * Board power of each kind of work as a share of the board's power limit (TDP), measured:
 * - matrix: large tensor-core GEMMs hold the board at its limit: A100 bmm/addmm/mm BF16/FP16
 *   392–400 W of 400 W (flagperf-operators-a100); the Splitwise authors' prompt-phase power
 *   equals TDP on A100 and H100 (splitwise-sim-power);
 * - memory: HBM-bound streaming at ~87 % of peak bandwidth, A100 torch.add BF16 255 W = 0.64
 *   of TDP, other element-wise and reduction kernels 0.62–0.70 (flagperf-operators-a100). The
 *   Splitwise simulator's H100 decode constant is lower (380 W, 0.54; an author constant without
 *   its trace); the direct measurement is used;
 * - launch: launch-bound small kernels, A100 torch.mv 1024² and group_norm 151–165 W, 0.40 of
 *   TDP (flagperf-operators-a100);
 * - communication: an NCCL all-reduce running alone, A100 146 W over NVSwitch (0.37 of TDP)
 *   and 103 W across InfiniBand (0.26) (flagperf-interconnect-a100). Measured on A100 only:
 *   carried to newer parts as a share of TDP (an assumption, stated).
 * Waits and idle draw the idle-with-context power of the accelerator (catalog `idleW`).
 */
export const PHASE_POWER: {
  readonly matrix: PhasePower;
  readonly memory: PhasePower;
  readonly launch: PhasePower;
  readonly commScaleUp: PhasePower;
  readonly commScaleOut: PhasePower;
} = {
  matrix: {
    k: 1.0,
    source: 'FlagPerf A100 GEMMs at 392–400 W of 400 W; Splitwise prompt phase at TDP',
  },
  memory: {
    k: 0.64,
    source: 'FlagPerf A100 HBM-bound torch.add at 255 W of 400 W (87 % of peak bandwidth)',
  },
  launch: {
    k: 0.4,
    source: 'FlagPerf A100 launch-bound torch.mv and group_norm at 151–165 W of 400 W',
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
 * Board power of one GPU over a workload's activity, W.
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
  return (
    a.matrix * phaseW(PHASE_POWER.matrix.k, tdpW, base, limit) +
    a.memory * phaseW(PHASE_POWER.memory.k, tdpW, base, limit) +
    a.launch * phaseW(PHASE_POWER.launch.k, tdpW, base, limit) +
    a.commScaleUp * phaseW(PHASE_POWER.commScaleUp.k, tdpW, base, limit) +
    a.commScaleOut * phaseW(PHASE_POWER.commScaleOut.k, tdpW, base, limit) +
    (a.wait + a.idle) * base
  );
}

/** A phase's draw: its share of TDP, never below idle nor above the limit, W. */
function phaseW(k: number, tdpW: number, base: number, limit: number): number {
  return Math.min(limit, Math.max(base, k * tdpW));
}

/** Activity with every share in [0, 1] and the shares summing to 1 (within rounding). */
export function checkActivity(a: GpuActivity): void {
  let sum = 0;
  for (const k of [
    'matrix',
    'memory',
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
    launch: a.launch * busy,
    commScaleUp: a.commScaleUp * busy,
    commScaleOut: a.commScaleOut * busy,
    wait: a.wait * busy,
    idle: a.idle * busy + (1 - busy),
  };
}

/** Share of wall time a GPU is not idle or waiting (computing or communicating). */
export function busyShare(a: GpuActivity): number {
  return a.matrix + a.memory + a.launch + a.commScaleUp + a.commScaleOut;
}

/** No work at all (every share idle). */
export const IDLE_ACTIVITY: GpuActivity = {
  matrix: 0,
  memory: 0,
  launch: 0,
  commScaleUp: 0,
  commScaleOut: 0,
  wait: 0,
  idle: 1,
};

/** Matrix work all the time (a GEMM loop; the heaviest phase of a training step). */
export const MATRIX_ACTIVITY: GpuActivity = { ...IDLE_ACTIVITY, idle: 0, matrix: 1 };
