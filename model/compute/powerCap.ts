/**
 * Clock under a board power cap (DVFS). Used by the training and serving engines alike.
 */

/** Static share of board power (leakage, HBM, fans/VRM) under a power cap; estimate. */
export const STATIC_POWER_FRACTION = 0.3;
/**
 * Dynamic power vs clock exponent: P_dyn ∝ f·V², with V ∝ f^0.75 over the DVFS range → f^2.5.
 */
export const DVFS_POWER_EXPONENT = 2.5;

/**
 * Attainable clock fraction under a board power cap: P = P_static + P_dyn·f^2.5 with P_static =
 * 0.3·TDP (DVFS: P_dyn ∝ f·V², V ∝ f^0.75). Compute-bound terms scale with f; HBM-bound terms do
 * not (memory clock is independent).
 *
 * @param tdpW default board power, W
 * @param powerLimitW cap, W (null or ≥ TDP: 1)
 * @returns clock fraction in [0.2, 1]
 */
export function clockFactorForPowerCap(tdpW: number, powerLimitW: number | null): number {
  if (powerLimitW === null || powerLimitW >= tdpW) return 1;
  const dynamic =
    (powerLimitW - STATIC_POWER_FRACTION * tdpW) / ((1 - STATIC_POWER_FRACTION) * tdpW);
  return Math.min(1, Math.max(0.2, Math.pow(Math.max(dynamic, 0.01), 1 / DVFS_POWER_EXPONENT)));
}
