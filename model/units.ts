/**
 * Units: every quantity in model/ is a plain number whose unit is in its name (`powerW`,
 * `hbmBytes`, `priceUsd`, `gbpsPerGpu`) and, for the figures `evaluate()` returns, in the
 * metric registry (model/metrics). Money is in the scenario's currency (`¤` in registered
 * units). This file holds the few shared conversion constants.
 */

/** Hours in a (non-leap) year, used for energy per year. */
export const HOURS_PER_YEAR = 8760;
