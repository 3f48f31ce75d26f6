/**
 * Optimal checkpoint interval (compute time between checkpoints).
 *
 * Young (1974): τ = √(2 δ M).
 * Daly (2006), eq. 37: τ = √(2 δ M) · [1 + ⅓ √(δ / 2M) + (1/9) (δ / 2M)] − δ  for δ < 2M,
 *                      τ = M                                                    for δ ≥ 2M,
 * with δ the checkpoint cost (time the job is blocked per checkpoint) and M the mean time to
 * interrupt. Sources: J. W. Young, "A first order approximation to the optimum checkpoint
 * interval", CACM 17(9):530–531, 1974; J. T. Daly, "A higher order estimate of the optimum
 * checkpoint interval for restart dumps", FGCS 22(3):303–312, 2006 — both as implemented in
 * LLNL/scr scripts/common/scr_ckpt_interval.py (research/validation/checkpoint_failures.json).
 */

function checkArgs(deltaS: number, mtbfS: number): void {
  if (!Number.isFinite(deltaS) || deltaS < 0) {
    throw new Error(`checkpoint cost deltaS must be a finite number ≥ 0 (got ${deltaS})`);
  }
  if (!Number.isFinite(mtbfS) || mtbfS <= 0) {
    throw new Error(`mean time to interrupt mtbfS must be a finite number > 0 (got ${mtbfS})`);
  }
}

/**
 * Young's first-order optimum checkpoint interval.
 *
 * @param deltaS checkpoint cost, s (time training is blocked per checkpoint)
 * @param mtbfS mean time between interruptions, s
 * @returns interval, s
 */
export function youngIntervalS(deltaS: number, mtbfS: number): number {
  checkArgs(deltaS, mtbfS);
  return Math.sqrt(2 * deltaS * mtbfS);
}

/**
 * Daly's higher-order optimum checkpoint interval (FGCS 2006, eq. 37).
 *
 * @param deltaS checkpoint cost, s
 * @param mtbfS mean time between interruptions, s
 * @returns interval, s (never negative)
 */
export function dalyIntervalS(deltaS: number, mtbfS: number): number {
  checkArgs(deltaS, mtbfS);
  if (deltaS >= 2 * mtbfS) return mtbfS;
  const x = deltaS / (2 * mtbfS);
  const tau = Math.sqrt(2 * deltaS * mtbfS) * (1 + Math.sqrt(x) / 3 + x / 9) - deltaS;
  return Math.max(0, tau);
}
