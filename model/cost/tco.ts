import { HOURS_PER_YEAR } from '../units';
import { discountFactors, irr, paybackMonths, presentValue, straightLine } from './finance';
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
  /** Cloud rental price per GPU-hour for the same accelerator (0: none known). */
  readonly cloudUsdPerGpuHour: number;
  /**
   * The IT hardware is bought and brought into service in this many equal yearly tranches, the
   * first at purchase (year 0), the last at the start of year `deploymentPhases` (default 1:
   * all at purchase). At most the horizon.
   */
  readonly deploymentPhases?: number;
  /** Share of used GPU-hours that become useful work on the owned cluster (goodput), (0, 1]; default 1. */
  readonly goodput?: number;
  /** Goodput of the rented cloud GPUs, (0, 1]; null or absent: the same as the owned cluster's. */
  readonly cloudGoodput?: number | null;
  /** Support plan or premium on the cloud rent, fraction of the rent (ClusterMAX's support uplift); default 0. */
  readonly cloudSupportUpliftFraction?: number;
  /** Shares of the used GPU-hours lost, by cause (for their money value); default none. */
  readonly lostShares?: LostShares | undefined;
};

/** Shares of the used (running) GPU-hours lost, by cause, each in [0, 1]. */
export type LostShares = {
  /** Waiting for input data (and cache re-staging). */
  readonly dataStall: number;
  /** Blocking checkpoint writes. */
  readonly checkpoint: number;
  /** Failures: lost work, restarts and the repair of interrupted jobs. */
  readonly failures: number;
  /** Communication the step does not hide behind compute. */
  readonly exposedCommunication: number;
};

/** Money value of the lost GPU-hours of one year, by cause (GPU-hours × cost per GPU-hour). */
export type LostValue = LostShares & { readonly total: number };

/** One year of the finance schedule (year 0 = purchase; years 1…N = operation). */
export type ScheduleYear = {
  readonly year: number;
  /** Share of the IT capacity in service during the year (0 in year 0). */
  readonly deployedFraction: number;
  /** IT capex paid at the start of the next year of operation (a deployment tranche). */
  readonly capexItUsd: number;
  /** Facility capex (owned construction or colocation fit-out), year 0. */
  readonly capexFacilityUsd: number;
  /** Opex of the year by line (zeros in year 0). */
  readonly opex: OpexLines;
  /** Resale of the IT hardware and the facility's remaining value, at the horizon. */
  readonly residualUsd: number;
  /** Net ownership cash flow of the year (costs negative). */
  readonly cashFlowUsd: number;
  readonly discountFactor: number;
  readonly presentValueUsd: number;
  readonly cumulativePresentValueUsd: number;
  /** Straight-line depreciation of the IT capex over the book life, and the book value at year end. */
  readonly bookDepreciationUsd: number;
  readonly bookValueUsd: number;
  /** The same over the economic life. */
  readonly economicDepreciationUsd: number;
  readonly economicValueUsd: number;
  /** GPU-hours used (utilisation) and effective (× goodput). */
  readonly usedGpuHours: number;
  readonly effectiveGpuHours: number;
  /** Rent of cloud GPUs delivering the same effective GPU-hours, support uplift included. */
  readonly cloudRentUsd: number;
  /** Owning minus renting: the ownership cash flow plus the rent it saves. */
  readonly ownVsCloudUsd: number;
  /** Money value of the GPU-hours lost, by cause. */
  readonly lostValueUsd: LostValue;
};

/** The year-by-year schedule and what a finance review reads off it. */
export type FinanceSchedule = {
  readonly years: readonly ScheduleYear[];
  readonly deploymentPhases: number;
  readonly goodput: number;
  readonly cloudGoodput: number;
  readonly cloudSupportUpliftFraction: number;
  readonly effectiveGpuHours: number;
  /** TCO / effective GPU-hours. */
  readonly costPerEffectiveGpuHourUsd: number;
  /** NPV of owning minus renting at the discount rate (positive: owning is worth it); null without a cloud price. */
  readonly ownVsCloudNpvUsd: number | null;
  /** IRR of owning minus renting (end-of-year), null without a cloud price or sign change. */
  readonly ownVsCloudIrr: number | null;
  /** Month when owning has cost less than renting in total (simple payback), null when never. */
  readonly paybackMonths: number | null;
  readonly bookValueAtHorizonUsd: number;
  readonly economicValueAtHorizonUsd: number;
  /** Resale at the horizon − book value then: the gain (or loss, negative) booked on disposal. */
  readonly disposalGainUsd: number;
  /** Lost-GPU-hour value over the horizon, by cause. */
  readonly lostValueTotalUsd: LostValue;
  /** The methods, stated for the reader. */
  readonly methods: readonly string[];
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
  /** The year-by-year finance schedule (capex, opex, depreciation, discounting, own vs cloud). */
  readonly schedule: FinanceSchedule;
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
  const phases = c.deploymentPhases ?? 1;
  if (!Number.isInteger(phases) || phases < 1 || phases > c.horizonYears) {
    throw new RangeError(
      `deployment phases (finance.deploymentPhases): ${String(phases)} yearly tranches do not fit a ${String(c.horizonYears)}-year horizon (finance.horizonYears); use 1 to ${String(c.horizonYears)}`,
    );
  }
  inRange('goodput', c.goodput ?? 1, 1e-9, 1);
  if (c.cloudGoodput !== undefined && c.cloudGoodput !== null)
    inRange('cloudGoodput', c.cloudGoodput, 0.01, 1);
  inRange('cloudSupportUpliftFraction', c.cloudSupportUpliftFraction ?? 0, 0, 10);
  const l = c.lostShares;
  if (l) {
    inRange('lostShares.dataStall', l.dataStall, 0, 1);
    inRange('lostShares.checkpoint', l.checkpoint, 0, 1);
    inRange('lostShares.failures', l.failures, 0, 1);
    inRange('lostShares.exposedCommunication', l.exposedCommunication, 0, 1);
  }
}

const NO_LOSS: LostShares = { dataStall: 0, checkpoint: 0, failures: 0, exposedCommunication: 0 };

/**
 * Straight-line depreciation of capex tranches, each from the year after it is paid (a tranche
 * paid at year k depreciates over years k+1 … k+life, a part year last when the life is not
 * whole), over `years` years. Index 0 of the result is year 1.
 */
export function trancheDepreciation(
  tranches: readonly number[],
  lifeYears: number,
  years: number,
): DepreciationYear[] {
  const rows: DepreciationYear[] = [];
  for (let t = 1; t <= years; t++) {
    let expense = 0;
    let book = 0;
    for (let k = 0; k < tranches.length && k <= t; k++) {
      const amount = tranches[k] ?? 0;
      if (amount === 0) continue;
      const start = k;
      const end = k + lifeYears;
      const overlap = Math.max(0, Math.min(t, end) - Math.max(t - 1, start));
      expense += (amount * overlap) / lifeYears;
      book += amount * Math.max(0, 1 - (t - start) / lifeYears);
    }
    rows.push({ year: t, expenseUsd: expense, bookValueUsd: book });
  }
  return rows;
}

/** Share of the build in service in year y when it is bought in `phases` equal yearly tranches. */
function deployedShare(y: number, phases: number): number {
  return y <= 0 ? 0 : Math.min(1, Math.min(y, phases) / phases);
}

/**
 * A year's opex with a share `d` of the hardware in service: the lines that follow the installed
 * hardware (energy, maintenance, per-GPU software) scale with it; colocation, facility, staff and
 * fixed software do not.
 */
function opexAt(
  d: number,
  full: OpexLines,
  perGpuSoftwareUsd: number,
  fixedSoftwareUsd: number,
): OpexLines {
  const energy = d * full.energyUsd;
  const maintenance = d * full.maintenanceUsd;
  const software = d * perGpuSoftwareUsd + fixedSoftwareUsd;
  return {
    energyUsd: energy,
    colocationUsd: full.colocationUsd,
    facilityUsd: full.facilityUsd,
    maintenanceUsd: maintenance,
    staffUsd: full.staffUsd,
    softwareUsd: software,
    totalUsd:
      energy + full.colocationUsd + full.facilityUsd + maintenance + full.staffUsd + software,
  };
}

/** What `costTotals` gives (money in the input's currency). */
export type CostTotals = {
  /** Horizon, years. */
  readonly N: number;
  readonly capex: CapexLines;
  readonly opexPerYear: OpexLines;
  readonly itCapexUsd: number;
  readonly facilityCapexUsd: number;
  readonly facilityResidualUsd: number;
  readonly itResidualUsd: number;
  readonly phases: number;
  /** IT capex paid at years 0 … phases − 1. */
  readonly tranches: readonly number[];
  readonly goodput: number;
  readonly cloudGoodput: number;
  readonly uplift: number;
  readonly lost: LostShares;
  readonly rentPerUsedGpuHour: number;
  readonly hasCloud: boolean;
  /** Net cash flow of years 0 … N (negative: spent). */
  readonly cashFlowsUsd: readonly number[];
  readonly opexByYear: readonly OpexLines[];
  readonly usedByYear: readonly number[];
  readonly usedGpuHours: number;
  readonly calendarGpuHours: number;
  readonly energySlopeUsd: number;
  readonly tcoUsd: number;
  readonly costPerGpuHourUsd: number;
  readonly costPerGpuHourAtFullUseUsd: number;
  readonly runGpuHours: number | null;
  readonly costPerTrainingRunUsd: number | null;
  readonly costPerMillionTokensUsd: number | null;
};

/**
 * The cash flows and totals of a cost input, year by year: capex, opex, TCO and the unit costs
 * per used GPU-hour, training run and million tokens. `computeCost` builds the schedule,
 * depreciation, NPV and rental comparison on them; the design search, which ranks builds by these
 * totals, reads them alone (the same numbers: one implementation).
 * @throws naming the field when an input is out of range
 */
export function costTotals(c: CostInput): CostTotals {
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

  // Deployment: equal IT tranches at years 0 … phases − 1; the capacity in service in year y is
  // the share bought before it. Lines that follow the installed hardware (energy, maintenance,
  // per-GPU software, GPU-hours) scale with it; the facility, colocation contract (provisioned
  // for the full build), staff and fixed software do not.
  const phases = c.deploymentPhases ?? 1;
  const tranches: number[] = [];
  for (let k = 0; k < phases; k++) tranches.push(itCapexUsd / phases);
  const goodput = c.goodput ?? 1;
  const cloudGoodput = c.cloudGoodput ?? goodput;
  const uplift = c.cloudSupportUpliftFraction ?? 0;
  const lost = c.lostShares ?? NO_LOSS;
  // Cloud GPU-hours rented per owned GPU-hour used, and the price per rented hour with support.
  const rentPerUsedGpuHour = (goodput / cloudGoodput) * c.cloudUsdPerGpuHour * (1 + uplift);
  const hasCloud = c.cloudUsdPerGpuHour > 0;

  const noOpex: OpexLines = {
    energyUsd: 0,
    colocationUsd: 0,
    facilityUsd: 0,
    maintenanceUsd: 0,
    staffUsd: 0,
    softwareUsd: 0,
    totalUsd: 0,
  };

  const cashFlowsUsd: number[] = [];
  const opexByYear: OpexLines[] = [];
  const usedByYear: number[] = [];
  const calendarByYear: number[] = [];
  let usedGpuHours = 0;
  let calendarGpuHours = 0;
  let deployedYears = 0;
  for (let y = 0; y <= N; y++) {
    const d = deployedShare(y, phases);
    const opex =
      y === 0
        ? noOpex
        : opexAt(d, opexPerYear, c.softwareUsdPerGpuYear * c.gpus, c.softwareUsdPerYear);
    let flow = -(tranches[y] ?? 0) - opex.totalUsd;
    if (y === 0) flow -= facilityCapexUsd;
    if (y === N) flow += itResidualUsd + facilityResidualUsd;
    cashFlowsUsd.push(flow);
    opexByYear.push(opex);
    const calendar = y === 0 ? 0 : d * c.gpus * HOURS_PER_YEAR;
    calendarByYear.push(calendar);
    usedByYear.push(calendar * c.utilization);
    usedGpuHours += calendar * c.utilization;
    calendarGpuHours += calendar;
    deployedYears += y === 0 ? 0 : d;
  }
  // TCO: the undiscounted net cost (IT capex + facility capex share + opex − resale).
  let tcoUsd = 0;
  for (const f of cashFlowsUsd) tcoUsd -= f;
  // The same sum written as before for level deployment, so figures do not move by rounding.
  if (phases === 1)
    tcoUsd =
      itCapexUsd + facilityCapexUsd * facilityShare - itResidualUsd + opexPerYear.totalUsd * N;

  const costPerGpuHourUsd = tcoUsd / usedGpuHours;
  const energySlopeUsd =
    (c.electricityFullUsdPerYear - c.electricityIdleUsdPerYear) * deployedYears;
  const tcoAtFull = tcoUsd + (1 - c.utilization) * energySlopeUsd;
  const costPerGpuHourAtFullUseUsd = tcoAtFull / calendarGpuHours;
  const runGpuHours = c.trainingRunHours === null ? null : c.trainingRunHours * c.gpus;
  const costPerTrainingRunUsd = runGpuHours === null ? null : runGpuHours * costPerGpuHourUsd;
  const tokensPerGpuHour = c.tokensPerSecond === null ? 0 : (c.tokensPerSecond * 3600) / c.gpus;
  const costPerMillionTokensUsd =
    tokensPerGpuHour > 0 ? costPerGpuHourUsd / (tokensPerGpuHour / 1e6) : null;

  return {
    N,
    capex,
    opexPerYear,
    itCapexUsd,
    facilityCapexUsd,
    facilityResidualUsd,
    itResidualUsd,
    phases,
    tranches,
    goodput,
    cloudGoodput,
    uplift,
    lost,
    rentPerUsedGpuHour,
    hasCloud,
    cashFlowsUsd,
    opexByYear,
    usedByYear,
    usedGpuHours,
    calendarGpuHours,
    energySlopeUsd,
    tcoUsd,
    costPerGpuHourUsd,
    costPerGpuHourAtFullUseUsd,
    runGpuHours,
    costPerTrainingRunUsd,
    costPerMillionTokensUsd,
  };
}

/**
 * Capex, opex, depreciation, NPV, TCO, unit costs and rental break-even.
 * Timing: capex at year 0, opex at years 1..N, residual value at year N. Facility capex
 * (owned) enters TCO by its straight-line share of the horizon (N / facility life) and NPV
 * as capex at year 0 less its remaining book value at year N.
 * @throws naming the field when an input is out of range
 */
export function computeCost(c: CostInput): CostResult {
  const t = costTotals(c);
  const N = t.N;
  const book = trancheDepreciation(t.tranches, c.bookLifeYears, N);
  const economic = trancheDepreciation(t.tranches, c.economicLifeYears, N);
  const factors = discountFactors(N, c.discountRate, c.npvConvention);
  const npvUsd = presentValue(t.cashFlowsUsd, factors);

  // The schedule, year by year.
  const years: ScheduleYear[] = [];
  const ownVsCloud: number[] = [];
  const lumps: number[] = [];
  const running: number[] = [0];
  let cumulativePv = 0;
  const lost = t.lost;
  const lostTotal = { dataStall: 0, checkpoint: 0, failures: 0, exposedCommunication: 0, total: 0 };
  let cloudCostUsd = 0;
  for (let y = 0; y <= N; y++) {
    const flow = t.cashFlowsUsd[y] as number;
    const opex = t.opexByYear[y] as OpexLines;
    const df = factors[y] as number;
    cumulativePv += flow * df;
    const used = t.usedByYear[y] as number;
    const rent = used * t.rentPerUsedGpuHour;
    cloudCostUsd += rent;
    const perShare = used * t.costPerGpuHourUsd;
    const lostValueUsd: LostValue = {
      dataStall: lost.dataStall * perShare,
      checkpoint: lost.checkpoint * perShare,
      failures: lost.failures * perShare,
      exposedCommunication: lost.exposedCommunication * perShare,
      total:
        (lost.dataStall + lost.checkpoint + lost.failures + lost.exposedCommunication) * perShare,
    };
    lostTotal.dataStall += lostValueUsd.dataStall;
    lostTotal.checkpoint += lostValueUsd.checkpoint;
    lostTotal.failures += lostValueUsd.failures;
    lostTotal.exposedCommunication += lostValueUsd.exposedCommunication;
    lostTotal.total += lostValueUsd.total;
    const residual = y === N ? t.itResidualUsd + t.facilityResidualUsd : 0;
    const capexIt = t.tranches[y] ?? 0;
    const capexFacility = y === 0 ? t.facilityCapexUsd : 0;
    ownVsCloud.push(flow + rent);
    lumps.push(-capexIt - capexFacility);
    if (y > 0) running.push(rent - opex.totalUsd);
    const bk = y === 0 ? null : (book[y - 1] as DepreciationYear);
    const ec = y === 0 ? null : (economic[y - 1] as DepreciationYear);
    years.push({
      year: y,
      deployedFraction: deployedShare(y, t.phases),
      capexItUsd: capexIt,
      capexFacilityUsd: capexFacility,
      opex,
      residualUsd: residual,
      cashFlowUsd: flow,
      discountFactor: df,
      presentValueUsd: flow * df,
      cumulativePresentValueUsd: cumulativePv,
      bookDepreciationUsd: bk ? bk.expenseUsd : 0,
      bookValueUsd: bk ? bk.bookValueUsd : capexIt,
      economicDepreciationUsd: ec ? ec.expenseUsd : 0,
      economicValueUsd: ec ? ec.bookValueUsd : capexIt,
      usedGpuHours: used,
      effectiveGpuHours: used * t.goodput,
      cloudRentUsd: rent,
      ownVsCloudUsd: flow + rent,
      lostValueUsd,
    });
  }
  const last = years[N] as ScheduleYear;
  const effectiveGpuHours = t.usedGpuHours * t.goodput;
  const schedule: FinanceSchedule = {
    years,
    deploymentPhases: t.phases,
    goodput: t.goodput,
    cloudGoodput: t.cloudGoodput,
    cloudSupportUpliftFraction: t.uplift,
    effectiveGpuHours,
    costPerEffectiveGpuHourUsd: t.tcoUsd / effectiveGpuHours,
    ownVsCloudNpvUsd: t.hasCloud ? presentValue(ownVsCloud, factors) : null,
    ownVsCloudIrr: t.hasCloud ? irr(ownVsCloud) : null,
    paybackMonths: t.hasCloud ? paybackMonths(lumps, running) : null,
    bookValueAtHorizonUsd: last.bookValueUsd,
    economicValueAtHorizonUsd: last.economicValueUsd,
    disposalGainUsd: t.itResidualUsd - last.bookValueUsd,
    lostValueTotalUsd: lostTotal,
    methods: scheduleMethods(t.phases, N, c),
  };

  const cloudCostPerTrainingRunUsd =
    t.runGpuHours === null ? null : t.runGpuHours * t.rentPerUsedGpuHour;
  const cloudBreakevenMonths = schedule.paybackMonths;
  // Owning at utilisation u costs A + E1·u; renting costs R·u, R = calendar GPU-h × rent per hour.
  const fixedWithoutEnergySlope = t.tcoUsd - c.utilization * t.energySlopeUsd;
  const rentFull = t.calendarGpuHours * t.rentPerUsedGpuHour;
  const cloudBreakevenUtilization =
    rentFull - t.energySlopeUsd > 0
      ? fixedWithoutEnergySlope / (rentFull - t.energySlopeUsd)
      : null;

  return {
    capex: t.capex,
    opexPerYear: t.opexPerYear,
    depreciation: {
      itCapexUsd: t.itCapexUsd,
      bookLifeYears: c.bookLifeYears,
      economicLifeYears: c.economicLifeYears,
      book,
      economic,
      facility:
        c.siting === 'owned' ? straightLine(t.facilityCapexUsd, c.facilityLifeYears, N) : [],
    },
    schedule,
    cashFlowsUsd: t.cashFlowsUsd,
    npvUsd,
    tcoUsd: t.tcoUsd,
    tcoPerYearUsd: t.tcoUsd / N,
    usedGpuHours: t.usedGpuHours,
    costPerGpuHourUsd: t.costPerGpuHourUsd,
    costPerGpuHourAtFullUseUsd: t.costPerGpuHourAtFullUseUsd,
    costPerTrainingRunUsd: t.costPerTrainingRunUsd,
    costPerMillionTokensUsd: t.costPerMillionTokensUsd,
    cloudCostUsd,
    cloudCostPerTrainingRunUsd,
    cloudBreakevenMonths,
    cloudBreakevenUtilization,
  };
}

/**
 * The schedule's methods, stated for the reader. The same terms give the same texts: the last
 * list is kept and handed out again (read only), so an evaluation does not format them anew.
 */
function scheduleMethods(phases: number, N: number, c: CostInput): readonly string[] {
  const m = lastMethods;
  if (
    m !== null &&
    m.phases === phases &&
    m.N === N &&
    m.book === c.bookLifeYears &&
    m.economic === c.economicLifeYears &&
    m.convention === c.npvConvention &&
    m.rate === c.discountRate
  )
    return m.texts;
  const texts = Object.freeze([
    `Capex: IT hardware ${phases === 1 ? 'at purchase (year 0)' : `in ${String(phases)} equal yearly tranches from year 0`}; facility at year 0. Opex: years 1–${String(N)}, the hardware-linked lines (energy, maintenance, per-GPU software) in proportion to the capacity in service.`,
    `Depreciation: straight line over the book life (${String(c.bookLifeYears)} y) and, beside it, over the economic life (${String(c.economicLifeYears)} y), each tranche from the year after it is paid.`,
    `Discounting: ${c.npvConvention} at ${(c.discountRate * 100).toFixed(1)} % a year (NIST Handbook 135); IRR end-of-year, as Excel's IRR.`,
    'Own vs cloud: renting cloud GPUs that deliver the same effective GPU-hours (used GPU-hours × owned goodput ÷ cloud goodput) at the cloud price plus its support uplift (ClusterMAX framing); payback is simple (undiscounted) and leaves resale out.',
    'Lost GPU-hours: each cause’s share of the running GPU-hours × the cost per used GPU-hour.',
  ]);
  lastMethods = {
    phases,
    N,
    book: c.bookLifeYears,
    economic: c.economicLifeYears,
    convention: c.npvConvention,
    rate: c.discountRate,
    texts,
  };
  return texts;
}
/** The last `scheduleMethods` (a memo). */
let lastMethods: {
  readonly phases: number;
  readonly N: number;
  readonly book: number;
  readonly economic: number;
  readonly convention: NpvConvention;
  readonly rate: number;
  readonly texts: readonly string[];
} | null = null;
