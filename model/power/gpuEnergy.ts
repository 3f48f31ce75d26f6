import { HOURS_PER_YEAR, asUsd, asWatts, type Usd, type Watts } from '../units';

/** Inputs of the accelerator energy estimate. */
export type GpuEnergyInput = {
  /** Number of accelerators. */
  readonly gpuCount: number;
  /** Board power limit (TDP) of one accelerator, W. */
  readonly tdpW: number;
  /** Power of one idle accelerator, W (0 ≤ idle ≤ TDP). */
  readonly idleW: number;
  /** Average load over the year as a fraction of full power draw, 0–1. */
  readonly utilization: number;
  /** Flat electricity price, USD per kWh. */
  readonly priceUsdPerKwh: number;
};

function requireFinite(name: string, value: number, min: number, max = Infinity): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    const range = max === Infinity ? `≥ ${min}` : `between ${min} and ${max}`;
    throw new RangeError(`${name} must be a finite number ${range} (got ${String(value)})`);
  }
}

/** Check every field, naming the first one out of range. */
export function validateGpuEnergyInput(input: GpuEnergyInput): void {
  requireFinite('gpuCount', input.gpuCount, 0);
  if (!Number.isInteger(input.gpuCount)) {
    throw new RangeError(`gpuCount must be a whole number (got ${input.gpuCount})`);
  }
  requireFinite('tdpW', input.tdpW, 0);
  requireFinite('idleW', input.idleW, 0, input.tdpW);
  requireFinite('utilization', input.utilization, 0, 1);
  requireFinite('priceUsdPerKwh', input.priceUsdPerKwh, 0);
}

/**
 * IT power drawn by the accelerators at an average load: each draws its idle power plus the
 * load's share of the span up to its board power limit, P = n · (P_idle + u · (TDP − P_idle)).
 * This linear idle-to-TDP interpolation is the usual planning model for accelerator power
 * (e.g. the "power proportionality" model of Barroso & Hölzle, The Datacenter as a Computer,
 * 3rd ed. 2018, §5.3). At u = 1 it returns the TDP, an upper bound for sustained training.
 *
 * @param input - GPU count, TDP W, idle W, utilisation 0–1 (price is not used here)
 * @returns accelerator IT power in watts
 * @example gpuItPowerW({ gpuCount: 8, tdpW: 700, idleW: 70, utilization: 0.5, priceUsdPerKwh: 0 }) // 3080 W
 */
export function gpuItPowerW(input: GpuEnergyInput): Watts {
  validateGpuEnergyInput(input);
  const perGpu = input.idleW + input.utilization * (input.tdpW - input.idleW);
  return asWatts(input.gpuCount * perGpu);
}

/**
 * Energy drawn in one year at constant power: E = P · 8,760 h.
 * @param powerW - average power, W
 * @returns energy in kWh per year
 */
export function annualEnergyKwh(powerW: Watts): number {
  return (powerW / 1000) * HOURS_PER_YEAR;
}

/**
 * Yearly electricity cost of the accelerators at a flat price: C = P/1000 · 8,760 · price.
 * IT power only (no PUE, no host, network or cooling); the facility model adds those.
 *
 * @param input - see {@link GpuEnergyInput}
 * @returns cost in USD per year
 * @example yearlyElectricityCostUsd({ gpuCount: 8, tdpW: 700, idleW: 70, utilization: 0.5, priceUsdPerKwh: 0.1 }) // 2698.08
 */
export function yearlyElectricityCostUsd(input: GpuEnergyInput): Usd {
  return asUsd(annualEnergyKwh(gpuItPowerW(input)) * input.priceUsdPerKwh);
}

/** One year of the cost table. */
export type YearCost = {
  readonly year: number;
  readonly costUsd: number;
  readonly cumulativeUsd: number;
};

/**
 * Electricity cost per year over a horizon, with an optional yearly price change.
 * Year k (1-based) costs C₁ · (1 + g)^(k−1).
 *
 * @param input - see {@link GpuEnergyInput}
 * @param years - horizon in whole years, 1–30
 * @param priceChangePctPerYear - price change per year in percent (−50 to 100; 0 = flat)
 */
export function electricityCostByYear(
  input: GpuEnergyInput,
  years: number,
  priceChangePctPerYear = 0,
): YearCost[] {
  requireFinite('years', years, 1, 30);
  if (!Number.isInteger(years)) throw new RangeError(`years must be a whole number (got ${years})`);
  requireFinite('priceChangePctPerYear', priceChangePctPerYear, -50, 100);
  const first = yearlyElectricityCostUsd(input);
  const growth = 1 + priceChangePctPerYear / 100;
  const rows: YearCost[] = [];
  let cumulative = 0;
  for (let year = 1; year <= years; year++) {
    const costUsd = first * growth ** (year - 1);
    cumulative += costUsd;
    rows.push({ year, costUsd, cumulativeUsd: cumulative });
  }
  return rows;
}
