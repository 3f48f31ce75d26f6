/**
 * Restart cost, expected lost work and goodput (effective training time ratio, ETTR).
 *
 * First-order renewal model (Young 1974; Daly 2006 §3 first-order terms; the ETTR model of
 * Kokolis et al., HPCA 2025, which assumes Daly–Young optimal checkpointing with restart and
 * checkpoint overheads): in wall time T the job suffers λ_u·T unexpected interruptions, each
 * costing the restart time R plus the rework L since the last durable checkpoint, and λ_p·T
 * planned ones costing R only (a checkpoint is taken before a planned stop). The rest of the
 * time runs in cycles of τ useful compute + δ blocked on the checkpoint:
 *
 *   f_fail = λ_u (R + L) + λ_p R,   goodput = (1 − f_fail) · τ / (τ + δ).
 *
 * Rework L: synchronous checkpoints — a failure is uniform in the cycle, L = (τ + δ)/2.
 * Asynchronous two-stage checkpoints — the snapshot taken at t is durable only at t + p
 * (p = persist time, p ≤ τ); a failure in [t, t + p) rolls back one more interval, so
 * L = τ/2 + p.
 */

/** Restart time parts, seconds. */
export type RestartTime = {
  readonly detectionS: number;
  readonly rescheduleS: number;
  readonly reloadS: number;
  readonly totalS: number;
};

/**
 * Restart time after an interruption: detection (and diagnosis) + reschedule onto spare
 * nodes (incl. process start, communicator init) + reload of the checkpoint from storage.
 *
 * @param detectionS time to detect the failure, s
 * @param rescheduleS time to reschedule and restart the processes, s
 * @param reloadS time to read the checkpoint back, s
 */
export function restartTime(detectionS: number, rescheduleS: number, reloadS: number): RestartTime {
  return { detectionS, rescheduleS, reloadS, totalS: detectionS + rescheduleS + reloadS };
}

/** Checkpointing mode: `sync` blocks for the whole write; `async` only for the device→host copy. */
export type CheckpointMode = 'sync' | 'async';

/**
 * Expected rework per unexpected interruption (work since the last durable checkpoint).
 *
 * @param intervalS compute time between checkpoints τ, s
 * @param blockingS checkpoint cost δ (time the job is blocked), s
 * @param persistS background persist time p (async only), s
 * @param mode checkpoint mode
 * @returns expected lost work, s
 */
export function expectedLostWorkS(
  intervalS: number,
  blockingS: number,
  persistS: number,
  mode: CheckpointMode,
): number {
  return mode === 'sync' ? (intervalS + blockingS) / 2 : intervalS / 2 + persistS;
}

export type GoodputInput = {
  /** Unexpected interruptions per second λ_u. */
  readonly unexpectedPerS: number;
  /** Planned interruptions per second λ_p. */
  readonly plannedPerS: number;
  /** Restart time R, s. */
  readonly restartS: number;
  /** Compute time between checkpoints τ, s. */
  readonly intervalS: number;
  /** Time blocked per checkpoint δ, s. */
  readonly blockingS: number;
  /** Background persist time p (async), s. */
  readonly persistS: number;
  readonly mode: CheckpointMode;
};

export type GoodputResult = {
  /** Share of wall time lost to interruptions (restart + rework), [0, 1]. */
  readonly failureFraction: number;
  /** Share of wall time blocked on checkpoints, [0, 1]. */
  readonly checkpointFraction: number;
  /** Share of wall time the job runs training steps (ETTR), [0, 1]. */
  readonly goodputFraction: number;
  /** Expected rework per unexpected interruption, s. */
  readonly lostWorkPerFailureS: number;
  /** True when interruptions come faster than the job can restart and redo its work. */
  readonly noProgress: boolean;
};

/**
 * Goodput (effective training time ratio) of the first-order renewal model above.
 *
 * @returns fractions of wall time; goodput ≤ 1 always
 */
export function goodput(input: GoodputInput): GoodputResult {
  const { unexpectedPerS, plannedPerS, restartS, intervalS, blockingS, persistS, mode } = input;
  const lost = expectedLostWorkS(intervalS, blockingS, persistS, mode);
  const rawFail = unexpectedPerS * (restartS + lost) + plannedPerS * restartS;
  const failureFraction = Math.min(1, Math.max(0, rawFail));
  const cycle = intervalS + blockingS;
  const ckptShare = cycle > 0 ? blockingS / cycle : 0;
  const checkpointFraction = (1 - failureFraction) * ckptShare;
  const goodputFraction = Math.max(0, 1 - failureFraction - checkpointFraction);
  return {
    failureFraction,
    checkpointFraction,
    goodputFraction,
    lostWorkPerFailureS: lost,
    noProgress: rawFail >= 1,
  };
}
