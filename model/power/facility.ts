import { HOURS_PER_YEAR } from '../units';
import { kwToBtuPerHour, kwToTons } from './conversions';

/**
 * Facility power, cooling, water, energy, electricity cost and carbon from IT power.
 * Facility power = IT power × PUE (The Green Grid PUE definition: total facility energy /
 * IT equipment energy). Cooling load = the heat the IT equipment rejects, which equals its
 * electrical input (energy conservation), sized at peak IT power. Water = WUE × IT energy
 * (The Green Grid WUE: annual site water, L / IT energy, kWh). Carbon = facility energy ×
 * grid intensity (location-based, GHG Protocol Scope 2).
 */

function inRange(name: string, v: number, min: number, max: number): void {
  if (!Number.isFinite(v) || v < min || v > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max} (got ${String(v)})`);
  }
}

/**
 * Electricity cost per year of a constant IT load: IT kW × PUE × 8,760 h × price per kWh. The
 * app's one electricity-cost formula (facility figures and the TCO's energy line use it).
 * @param itKw - IT power, kW
 * @param pue - power usage effectiveness, ≥ 1
 * @param pricePerKwh - price per kWh in the build's currency
 * @returns cost per year in the build's currency
 */
export function electricityCostPerYear(itKw: number, pue: number, pricePerKwh: number): number {
  return itKw * pue * HOURS_PER_YEAR * pricePerKwh;
}

export type FacilityInput = {
  /** Average IT power, kW. */
  readonly itAvgKw: number;
  /** Peak IT power, kW (≥ average). */
  readonly itPeakKw: number;
  /** Power usage effectiveness, ≥ 1. */
  readonly pue: number;
  /** Water usage effectiveness, L per IT kWh, ≥ 0. */
  readonly wueLPerKwh: number;
  /**
   * Average electricity price per kWh in the build's currency (a peak/off-peak tariff is
   * time-weighted when the build is resolved).
   */
  readonly electricityPerKwh: number;
  /** Grid carbon intensity, gCO2e per kWh. */
  readonly carbonGPerKwh: number;
};

export type FacilityFigures = {
  readonly facilityAvgKw: number;
  readonly facilityPeakKw: number;
  /** Facility overhead (cooling, distribution losses, lighting) at average load, kW. */
  readonly overheadAvgKw: number;
  readonly coolingLoadKw: number;
  readonly coolingLoadBtuPerHour: number;
  readonly coolingTons: number;
  readonly itEnergyMwhPerYear: number;
  readonly energyMwhPerYear: number;
  /** In the build's currency. */
  readonly electricityPerKwh: number;
  /** Facility energy × price per year, in the build's currency: the app's one electricity-cost formula. */
  readonly electricityCostPerYear: number;
  readonly carbonTPerYear: number;
  readonly waterM3PerYear: number;
};

/**
 * Facility figures for a constant average load over a year of 8,760 h.
 * @throws naming the field when an input is out of range (PUE below 1, negative power, ...)
 */
export function facilityFigures(f: FacilityInput): FacilityFigures {
  if (f.itPeakKw > 1e7) {
    // Said in the user's words: a valid scenario reaches this with a huge cluster of hot nodes.
    throw new RangeError(
      `IT power: ${(f.itPeakKw / 1e6).toPrecision(3)} GW at peak, more than the facility model covers (10 GW); plan fewer GPUs (cluster.compute.gpus) or less power per node`,
    );
  }
  inRange('itAvgKw', f.itAvgKw, 0, 1e7);
  inRange('itPeakKw', f.itPeakKw, f.itAvgKw, 1e7);
  inRange('pue', f.pue, 1, 5);
  inRange('wueLPerKwh', f.wueLPerKwh, 0, 20);
  inRange('carbonGPerKwh', f.carbonGPerKwh, 0, 2000);
  if (!(Number.isFinite(f.electricityPerKwh) && f.electricityPerKwh >= 0))
    throw new RangeError(
      `electricityPerKwh must be a finite price ≥ 0 (got ${String(f.electricityPerKwh)})`,
    );
  const price = f.electricityPerKwh;
  const facilityAvgKw = f.itAvgKw * f.pue;
  const itKwh = f.itAvgKw * HOURS_PER_YEAR;
  const kwh = facilityAvgKw * HOURS_PER_YEAR;
  return {
    facilityAvgKw,
    facilityPeakKw: f.itPeakKw * f.pue,
    overheadAvgKw: facilityAvgKw - f.itAvgKw,
    coolingLoadKw: f.itPeakKw,
    coolingLoadBtuPerHour: kwToBtuPerHour(f.itPeakKw),
    coolingTons: kwToTons(f.itPeakKw),
    itEnergyMwhPerYear: itKwh / 1000,
    energyMwhPerYear: kwh / 1000,
    electricityPerKwh: price,
    electricityCostPerYear: electricityCostPerYear(f.itAvgKw, f.pue, price),
    carbonTPerYear: (kwh * f.carbonGPerKwh) / 1e6,
    waterM3PerYear: (itKwh * f.wueLPerKwh) / 1000,
  };
}
