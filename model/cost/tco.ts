import { HOURS_PER_YEAR } from '../units';
import { breakEvenMonths, npv, straightLine } from './finance';
import type { DepreciationYear, NpvConvention } from './finance';

/**
 * Total cost of ownership of a cluster: capex by line, opex per year, depreciation (book and
 * economic life side by side), NPV, TCO over the horizon, unit costs at the real utilisation
 * and rental break-even. Money is in the scenario's one currency (field names say `Usd`; the
 * scenario's `currency` names it). Method: the buy-vs-rent structure of the TCO surveys in
 * shared/research/tco-tools.md (capex + opex·years; $/GPU-h = TCO / used GPU-hours;
 * $/M tokens = ($/GPU-h) / (tokens per GPU-h / 10⁶); break-even months = capex / (rent − opex)).
 */

export type CostInput = {
  readonly gpus: number;
  readonly nodes: number;
  /** Price of one node (server or rack-scale system). */
  readonly systemPriceUsd: number;
  /** Compute + storage + management networks (switches, optics, cables). */
  readonly fabricPriceUsd: number;
  readonly storagePriceUsd: number;
  readonly racks: number;
  /** Racks, PDUs, containment / in-rack cooling per rack. */
  readonly rackInfraUsdPerRack: number;
  /** Installation, cabling and burn-in as a fraction of hardware capex. */
  readonly installationFraction: number;
  readonly siting: 'colocation' | 'owned';
  /** IT capacity provisioned (colocation contract, or the build's critical load), kW. */
  readonly provisionedKw: number;
  readonly colocationUsdPerKwMonth: number;
  readonly colocationFitOutUsdPerKw: number;
  /** Owned build: construction cost per W of critical IT load. */
  readonly constructionUsdPerW: number;
  readonly facilityLifeYears: number;
  /** Owned build: facility running cost (M&E maintenance, security) per year as a fraction of construction capex. */
  readonly facilityOpexFractionPerYear: number;
  /** Electricity per year at zero and at full utilisation (facility energy, linear between). */
  readonly electricityIdleUsdPerYear: number;
  readonly electricityFullUsdPerYear: number;
  /** Hardware maintenance / support per year as a fraction of hardware capex. */
  readonly maintenanceFractionPerYear: number;
  readonly staffFte: number;
  readonly staffUsdPerFteYear: number;
  readonly softwareUsdPerGpuYear: number;
  readonly softwareUsdPerYear: number;
  readonly horizonYears: number;
  readonly discountRate: number;
  readonly npvConvention: NpvConvention;
  readonly bookLifeYears: number;
  readonly economicLifeYears: number;
  /** Resale value of the IT hardware at the end of the horizon, fraction of its capex. */
  readonly residualValueFraction: number;
  /** Fraction of calendar GPU-hours doing useful work (jobs scheduled), 0–1. */
  readonly utilization: number;
  /** Wall-clock hours of one training run, or null. */
  readonly trainingRunHours: number | null;
  /** Cluster tokens per second while training (or serving), or null. */
  readonly tokensPerSecond: number | null;
  /** Cloud rental price per GPU-hour for the same accelerator. */
  readonly cloudUsdPerGpuHour: number;
};

export type CapexLines = {
  readonly systemsUsd: number;
  readonly fabricUsd: number;
  readonly storageUsd: number;
  readonly rackInfraUsd: number;
  /** Owned: construction; colocation: fit-out. */
  readonly facilityUsd: number;
  readonly installationUsd: number;
  readonly totalUsd: number;
};

export type OpexLines = {
  readonly energyUsd: number;
  readonly colocationUsd: number;
  readonly facilityUsd: number;
  readonly maintenanceUsd: number;
  readonly staffUsd: number;
  readonly softwareUsd: number;
  readonly totalUsd: number;
};

export type CostResult = {
  readonly capex: CapexLines;
  readonly opexPerYear: OpexLines;
  /** IT capex (everything but the facility line), depreciated over book and economic life. */
  readonly depreciation: {
    readonly itCapexUsd: number;
    readonly bookLifeYears: number;
    readonly economicLifeYears: number;
    readonly book: readonly DepreciationYear[];
    readonly economic: readonly DepreciationYear[];
    /** Facility capex over the facility life (owned builds). */
    readonly facility: readonly DepreciationYear[];
  };
  /** Cash flows by year (index 0 = purchase), costs negative. */
  readonly cashFlowsUsd: readonly number[];
  /** NPV of the ownership cash flows (negative: a net cost). */
  readonly npvUsd: number;
  /** Undiscounted cost over the horizon: IT capex + facility capex share + opex − residual. */
  readonly tcoUsd: number;
  readonly tcoPerYearUsd: number;
  readonly usedGpuHours: number;
  readonly costPerGpuHourUsd: number;
  /** Cost per GPU-hour if every hour were used (utilisation 1). */
  readonly costPerGpuHourAtFullUseUsd: number;
  readonly costPerTrainingRunUsd: number | null;
  readonly costPerMillionTokensUsd: number | null;
  /** Rental of the same used GPU-hours over the horizon. */
  readonly cloudCostUsd: number;
  readonly cloudCostPerTrainingRunUsd: number | null;
  readonly cloudBreakevenMonths: number | null;
  /** Utilisation at which owning and renting cost the same over the horizon (may exceed 1). */
  readonly cloudBreakevenUtilization: number | null;
};

function inRange(name: string, v: number, min: number, max: number): void {
  if (!Number.isFinite(v) || v < min || v > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max} (got ${String(v)})`);
  }
}

/**
 * Largest money amount accepted, in the scenario's currency: amounts are converted from USD at
 * up to 100,000 units per USD (finance.fxPerUsd), so a cap in USD terms of 1e13 becomes 1e18.
 */
const MAX_MONEY = 1e18;

/** Check every field, naming the first out of range. */
export function validateCostInput(c: CostInput): void {
  inRange('gpus', c.gpus, 1, 1e7);
  inRange('nodes', c.nodes, 1, 1e7);
  // Money and sizes, ≥ 0 (one call per field, not a loop over [name, value] pairs: this runs
  // on every evaluation).
  inRange('systemPriceUsd', c.systemPriceUsd, 0, MAX_MONEY);
  inRange('fabricPriceUsd', c.fabricPriceUsd, 0, MAX_MONEY);
  inRange('storagePriceUsd', c.storagePriceUsd, 0, MAX_MONEY);
  inRange('racks', c.racks, 0, 1e13);
  inRange('rackInfraUsdPerRack', c.rackInfraUsdPerRack, 0, MAX_MONEY);
  inRange('provisionedKw', c.provisionedKw, 0, 1e13);
  inRange('colocationUsdPerKwMonth', c.colocationUsdPerKwMonth, 0, MAX_MONEY);
  inRange('colocationFitOutUsdPerKw', c.colocationFitOutUsdPerKw, 0, MAX_MONEY);
  inRange('constructionUsdPerW', c.constructionUsdPerW, 0, MAX_MONEY);
  inRange('electricityIdleUsdPerYear', c.electricityIdleUsdPerYear, 0, MAX_MONEY);
  inRange('staffUsdPerFteYear', c.staffUsdPerFteYear, 0, MAX_MONEY);
  inRange('softwareUsdPerGpuYear', c.softwareUsdPerGpuYear, 0, MAX_MONEY);
  inRange('softwareUsdPerYear', c.softwareUsdPerYear, 0, MAX_MONEY);
  inRange('cloudUsdPerGpuHour', c.cloudUsdPerGpuHour, 0, MAX_MONEY);
  inRange(
    'electricityFullUsdPerYear',
    c.electricityFullUsdPerYear,
    c.electricityIdleUsdPerYear,
    MAX_MONEY,
  );
  inRange('installationFraction', c.installationFraction, 0, 1);
  inRange('facilityLifeYears', c.facilityLifeYears, 1, 100);
  inRange('facilityOpexFractionPerYear', c.facilityOpexFractionPerYear, 0, 1);
  inRange('maintenanceFractionPerYear', c.maintenanceFractionPerYear, 0, 1);
  inRange('staffFte', c.staffFte, 0, 1e5);
  inRange('horizonYears', c.horizonYears, 1, 30);
  inRange('discountRate', c.discountRate, 0, 1);
  inRange('bookLifeYears', c.bookLifeYears, 1, 30);
  inRange('economicLifeYears', c.economicLifeYears, 1, 30);
  inRange('residualValueFraction', c.residualValueFraction, 0, 1);
  inRange('utilization', c.utilization, 0.001, 1);
  if (c.trainingRunHours !== null && !(c.trainingRunHours >= 0 && c.trainingRunHours <= 1e7)) {
    // Said in the user's words: a valid scenario reaches this with too many tokens for its GPUs.
    throw new RangeError(
      `time to train: ${(c.trainingRunHours / 8766).toPrecision(3)} years, more than the cost model covers (1,141 years); train fewer tokens (workload.training.tokensToTrain) or use more or faster GPUs`,
    );
  }
  if (c.tokensPerSecond !== null) inRange('tokensPerSecond', c.tokensPerSecond, 0, 1e15);
}

/**
 * Capex, opex, depreciation, NPV, TCO, unit costs and rental break-even.
 * Timing: capex at year 0, opex at years 1..N, residual value at year N. Facility capex
 * (owned) enters TCO by its straight-line share of the horizon (N / facility life) and NPV
 * as capex at year 0 less its remaining book value at year N.
 * @throws naming the field when an input is out of range
 */
export function computeCost(c: CostInput): CostResult {
  validateCostInput(c);
  const N = c.horizonYears;
  const systemsUsd = c.nodes * c.systemPriceUsd;
  const rackInfraUsd = c.racks * c.rackInfraUsdPerRack;
  const hardwareUsd = systemsUsd + c.fabricPriceUsd + c.storagePriceUsd;
  const installationUsd = c.installationFraction * (hardwareUsd + rackInfraUsd);
  const facilityCapexUsd =
    c.siting === 'owned'
      ? c.provisionedKw * 1000 * c.constructionUsdPerW
      : c.provisionedKw * c.colocationFitOutUsdPerKw;
  const itCapexUsd = hardwareUsd + rackInfraUsd + installationUsd;
  const capex: CapexLines = {
    systemsUsd,
    fabricUsd: c.fabricPriceUsd,
    storageUsd: c.storagePriceUsd,
    rackInfraUsd,
    facilityUsd: facilityCapexUsd,
    installationUsd,
    totalUsd: itCapexUsd + facilityCapexUsd,
  };

  const energyUsd =
    c.electricityIdleUsdPerYear +
    c.utilization * (c.electricityFullUsdPerYear - c.electricityIdleUsdPerYear);
  const colocationUsd =
    c.siting === 'colocation' ? c.provisionedKw * c.colocationUsdPerKwMonth * 12 : 0;
  const facilityOpexUsd =
    c.siting === 'owned' ? c.facilityOpexFractionPerYear * facilityCapexUsd : 0;
  const maintenanceUsd = c.maintenanceFractionPerYear * hardwareUsd;
  const staffUsd = c.staffFte * c.staffUsdPerFteYear;
  const softwareUsd = c.softwareUsdPerGpuYear * c.gpus + c.softwareUsdPerYear;
  const opexPerYear: OpexLines = {
    energyUsd,
    colocationUsd,
    facilityUsd: facilityOpexUsd,
    maintenanceUsd,
    staffUsd,
    softwareUsd,
    totalUsd: energyUsd + colocationUsd + facilityOpexUsd + maintenanceUsd + staffUsd + softwareUsd,
  };

  // Facility (owned) is amortised over its own, much longer life and kept separate.
  const facilityShare = c.siting === 'owned' ? Math.min(1, N / c.facilityLifeYears) : 1;
  const facilityResidualUsd = facilityCapexUsd * (1 - facilityShare);
  const itResidualUsd = c.residualValueFraction * itCapexUsd;

  const cashFlowsUsd: number[] = [-capex.totalUsd];
  for (let y = 1; y <= N; y++) {
    let flow = -opexPerYear.totalUsd;
    if (y === N) flow += itResidualUsd + facilityResidualUsd;
    cashFlowsUsd.push(flow);
  }
  const npvUsd = npv(cashFlowsUsd, c.discountRate, c.npvConvention);
  const fixedUsd = itCapexUsd + facilityCapexUsd * facilityShare - itResidualUsd;
  const tcoUsd = fixedUsd + opexPerYear.totalUsd * N;

  const calendarGpuHours = c.gpus * N * HOURS_PER_YEAR;
  const usedGpuHours = calendarGpuHours * c.utilization;
  const costPerGpuHourUsd = tcoUsd / usedGpuHours;
  const tcoAtFull = tcoUsd + (c.electricityFullUsdPerYear - energyUsd) * N;
  const costPerGpuHourAtFullUseUsd = tcoAtFull / calendarGpuHours;
  const runGpuHours = c.trainingRunHours === null ? null : c.trainingRunHours * c.gpus;
  const costPerTrainingRunUsd = runGpuHours === null ? null : runGpuHours * costPerGpuHourUsd;
  const tokensPerGpuHour = c.tokensPerSecond === null ? 0 : (c.tokensPerSecond * 3600) / c.gpus;
  const costPerMillionTokensUsd =
    tokensPerGpuHour > 0 ? costPerGpuHourUsd / (tokensPerGpuHour / 1e6) : null;

  const cloudCostUsd = usedGpuHours * c.cloudUsdPerGpuHour;
  const cloudCostPerTrainingRunUsd =
    runGpuHours === null ? null : runGpuHours * c.cloudUsdPerGpuHour;
  const rentMonthly = cloudCostUsd / (N * 12);
  const cloudBreakevenMonths = breakEvenMonths(
    capex.totalUsd,
    opexPerYear.totalUsd / 12,
    rentMonthly,
  );
  // Owning at utilisation u costs A + E1·N·u; renting costs R·u, R = calendar GPU-h × price.
  const energySlopeUsd = (c.electricityFullUsdPerYear - c.electricityIdleUsdPerYear) * N;
  const fixedWithoutEnergySlope = tcoUsd - c.utilization * energySlopeUsd;
  const rentFull = calendarGpuHours * c.cloudUsdPerGpuHour;
  const cloudBreakevenUtilization =
    rentFull - energySlopeUsd > 0 ? fixedWithoutEnergySlope / (rentFull - energySlopeUsd) : null;

  return {
    capex,
    opexPerYear,
    depreciation: {
      itCapexUsd,
      bookLifeYears: c.bookLifeYears,
      economicLifeYears: c.economicLifeYears,
      book: straightLine(itCapexUsd, c.bookLifeYears, N),
      economic: straightLine(itCapexUsd, c.economicLifeYears, N),
      facility: c.siting === 'owned' ? straightLine(facilityCapexUsd, c.facilityLifeYears, N) : [],
    },
    cashFlowsUsd,
    npvUsd,
    tcoUsd,
    tcoPerYearUsd: tcoUsd / N,
    usedGpuHours,
    costPerGpuHourUsd,
    costPerGpuHourAtFullUseUsd,
    costPerTrainingRunUsd,
    costPerMillionTokensUsd,
    cloudCostUsd,
    cloudCostPerTrainingRunUsd,
    cloudBreakevenMonths,
    cloudBreakevenUtilization,
  };
}
