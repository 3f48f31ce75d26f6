/**
 * Fleet view of a serving deployment: how many GPUs, how much power and how much money serve a
 * stated demand (output tokens/s at the peak hour, with an optional 24-hour profile), and the
 * inverse, the largest peak demand a power or money budget serves; energy per token (J/token)
 * and tokens per MW.
 *
 * Method (stated): the fleet is whole model copies sized for the peak (owned GPUs do not come
 * and go by the hour): copies = ⌈peak ÷ rate per copy⌉, on whole GPUs (a partitioned GPU is
 * filled with copies). In each hour h the fleet serves
 * f_h × peak, its GPUs busy for the share u_h = f_h × peak ÷ capacity and idle the rest, so
 * the IT power of a GPU slot (GPU with its share of node, network and storage) is
 * idle + (running − idle) × u_h; facility power = IT × PUE. A year is 365 such days. Money per
 * year = GPUs × the build's fixed cost per GPU-year (capex over the horizon, maintenance,
 * staff, software, colocation, facility: the TCO without its energy) + facility energy × the
 * electricity price. Energy per token = facility energy ÷ output tokens served; tokens per MW =
 * peak output tokens/s ÷ facility MW at the peak.
 */

/** What one deployment of the scenario delivers and costs, per GPU slot. */
export type ServingFleetFacts = {
  /** Currency of every money figure. */
  readonly currency: string;
  /** Output tokens/s one model copy serves within the stated latency limits. */
  readonly outputTokensPerSPerCopy: number;
  /** GPUs one model copy takes (tensor × pipeline parallel; below 1 for a partitioned GPU). */
  readonly gpusPerCopy: number;
  /** What `outputTokensPerSPerCopy` means, in words (`p95 TTFT ≤ 500 ms and TPOT ≤ 50 ms`). */
  readonly rateBasis: string;
  /** IT power of one GPU slot while it serves, kW (GPU, its share of node, network, storage). */
  readonly itKwPerGpuRunning: number;
  /** IT power of one GPU slot while idle, kW. */
  readonly itKwPerGpuIdle: number;
  readonly pue: number;
  /** Everything but energy, per GPU and year, in `currency`. */
  readonly fixedCostPerGpuYear: number;
  /** Electricity price per kWh, in `currency`. */
  readonly electricityPerKwh: number;
};

/** A demand: output tokens/s at the peak hour, and optionally its 24-hour profile. */
export type ServingDemand = {
  readonly peakOutputTokensPerS: number;
  /**
   * 24 hourly loads relative to the peak hour (any positive scale: divided by their largest);
   * null: the peak all day.
   */
  readonly diurnal: readonly number[] | null;
};

export type ServingFleet = {
  readonly currency: string;
  readonly peakOutputTokensPerS: number;
  readonly copies: number;
  readonly gpus: number;
  /** Output tokens/s the fleet serves at most (copies × rate per copy). */
  readonly capacityOutputTokensPerS: number;
  /** Peak demand ÷ capacity (≤ 1). */
  readonly peakUtilization: number;
  /** Mean over the day of the hourly load ÷ the peak (1 without a profile). */
  readonly meanLoadShare: number;
  readonly peakItKw: number;
  readonly peakFacilityMw: number;
  readonly averageFacilityMw: number;
  readonly energyMwhPerYear: number;
  readonly outputTokensPerYear: number;
  readonly energyCostPerYear: number;
  readonly fixedCostPerYear: number;
  readonly costPerYear: number;
  readonly costPerMillionOutputTokens: number;
  /** Facility energy per output token, J. */
  readonly joulesPerOutputToken: number;
  /** Peak output tokens/s per MW of facility power at the peak. */
  readonly outputTokensPerSPerMw: number;
};

const HOURS_PER_YEAR = 8760;
const DAYS_PER_YEAR = 365;

function checkFacts(f: ServingFleetFacts): void {
  const positive: [string, number][] = [
    ['output tokens/s per model copy', f.outputTokensPerSPerCopy],
    ['GPUs per model copy', f.gpusPerCopy],
    ['PUE', f.pue],
  ];
  for (const [label, v] of positive)
    if (!(Number.isFinite(v) && v > 0))
      throw new Error(`fleet: ${label} must be positive (got ${v})`);
  const nonNegative: [string, number][] = [
    ['IT power per GPU while serving', f.itKwPerGpuRunning],
    ['IT power per GPU while idle', f.itKwPerGpuIdle],
    ['fixed cost per GPU-year', f.fixedCostPerGpuYear],
    ['electricity price', f.electricityPerKwh],
  ];
  for (const [label, v] of nonNegative)
    if (!(Number.isFinite(v) && v >= 0))
      throw new Error(`fleet: ${label} must be zero or more (got ${v})`);
}

/**
 * The hourly loads of a profile relative to its peak hour (24 values, largest 1).
 * @throws naming the profile when it has not 24 values, a negative one, or no positive one
 */
export function diurnalShares(diurnal: readonly number[] | null): readonly number[] {
  if (diurnal === null) return new Array<number>(24).fill(1);
  if (diurnal.length !== 24)
    throw new Error(`daily profile: give 24 hourly values (got ${diurnal.length})`);
  if (diurnal.some((v) => !(Number.isFinite(v) && v >= 0)))
    throw new Error('daily profile: every hourly value must be zero or more');
  const peak = Math.max(...diurnal);
  if (!(peak > 0)) throw new Error('daily profile: at least one hour must have load');
  return diurnal.map((v) => v / peak);
}

/**
 * Every figure of a fleet of at least `wanted` copies serving `peak` tokens/s (null: its
 * capacity) with hourly `shares`. GPUs are whole: partitioned GPUs (below one GPU per copy)
 * are filled with copies, which the fleet then has.
 */
function fleetOf(
  f: ServingFleetFacts,
  wanted: number,
  peakOrFull: number | null,
  shares: readonly number[],
): ServingFleet {
  const gpus = Math.ceil(wanted * f.gpusPerCopy - 1e-9);
  const copies = Math.max(wanted, Math.floor(gpus / f.gpusPerCopy + 1e-9));
  const peak = peakOrFull ?? copies * f.outputTokensPerSPerCopy;
  const capacity = copies * f.outputTokensPerSPerCopy;
  const peakUtilization = capacity > 0 ? peak / capacity : 0;
  const meanLoadShare = shares.reduce((a, s) => a + s, 0) / shares.length;
  const slotKw = (u: number): number =>
    f.itKwPerGpuIdle + (f.itKwPerGpuRunning - f.itKwPerGpuIdle) * u;
  // Mean IT power over the day: the busy share is linear in the load.
  const meanItKw = gpus * slotKw(peakUtilization * meanLoadShare);
  const peakItKw = gpus * slotKw(peakUtilization);
  const averageFacilityKw = meanItKw * f.pue;
  const energyMwhPerYear = (averageFacilityKw * HOURS_PER_YEAR) / 1000;
  const outputTokensPerYear = peak * meanLoadShare * 3600 * 24 * DAYS_PER_YEAR;
  const energyCostPerYear = energyMwhPerYear * 1000 * f.electricityPerKwh;
  const fixedCostPerYear = gpus * f.fixedCostPerGpuYear;
  const costPerYear = fixedCostPerYear + energyCostPerYear;
  const peakFacilityMw = (peakItKw * f.pue) / 1000;
  return {
    currency: f.currency,
    peakOutputTokensPerS: peak,
    copies,
    gpus,
    capacityOutputTokensPerS: capacity,
    peakUtilization,
    meanLoadShare,
    peakItKw,
    peakFacilityMw,
    averageFacilityMw: averageFacilityKw / 1000,
    energyMwhPerYear,
    outputTokensPerYear,
    energyCostPerYear,
    fixedCostPerYear,
    costPerYear,
    costPerMillionOutputTokens:
      outputTokensPerYear > 0 ? (costPerYear / outputTokensPerYear) * 1e6 : 0,
    joulesPerOutputToken:
      outputTokensPerYear > 0 ? (energyMwhPerYear * 3.6e9) / outputTokensPerYear : 0,
    outputTokensPerSPerMw: peakFacilityMw > 0 ? peak / peakFacilityMw : 0,
  };
}

/**
 * The fleet that serves a demand: whole model copies for the peak hour.
 * @throws naming the figure when the facts or the demand are out of range
 */
export function fleetForDemand(f: ServingFleetFacts, demand: ServingDemand): ServingFleet {
  checkFacts(f);
  const peak = demand.peakOutputTokensPerS;
  if (!(Number.isFinite(peak) && peak > 0))
    throw new Error(`demand: peak output tokens/s must be positive (got ${peak})`);
  const shares = diurnalShares(demand.diurnal);
  const copies = Math.ceil(peak / f.outputTokensPerSPerCopy - 1e-9);
  return fleetOf(f, copies, peak, shares);
}

/** A budget: facility power at the peak, MW, or money per year in the facts' currency. */
export type ServingBudget =
  | { readonly kind: 'power'; readonly facilityMw: number }
  | { readonly kind: 'money'; readonly perYear: number };

/**
 * The largest peak demand a budget serves: a fleet's peak facility power and its money per year
 * are each a zero-load part per GPU (idle power; fixed cost and idle energy) plus a part per
 * token/s served, so with n GPUs the budget serves min(capacity, (budget − n × zero-load part)
 * ÷ part per token/s). That rises with n while the GPUs run full and falls once the budget
 * binds: the best fleet is the largest that fits running full, or one step more running part
 * loaded. Null when the budget does not pay for even one idle GPU.
 * @param diurnal - the demand's 24-hour profile (null: the peak all day)
 */
export function largestDemandFor(
  f: ServingFleetFacts,
  budget: ServingBudget,
  diurnal: readonly number[] | null,
): ServingFleet | null {
  checkFacts(f);
  const shares = diurnalShares(diurnal);
  const amount = budget.kind === 'power' ? budget.facilityMw : budget.perYear;
  if (!(Number.isFinite(amount) && amount > 0))
    throw new Error(
      budget.kind === 'power'
        ? `power budget: must be positive MW (got ${amount})`
        : `money budget: must be positive per year (got ${amount})`,
    );
  const meanShare = shares.reduce((x, y) => x + y, 0) / shares.length;
  const busyKw = f.itKwPerGpuRunning - f.itKwPerGpuIdle;
  // Zero-load part per GPU, and part per token/s served (a GPU serves rate ÷ gpusPerCopy).
  const perTokenS = f.gpusPerCopy / f.outputTokensPerSPerCopy;
  const [zero, marginal] =
    budget.kind === 'power'
      ? [(f.itKwPerGpuIdle * f.pue) / 1000, ((busyKw * f.pue) / 1000) * perTokenS]
      : [
          f.fixedCostPerGpuYear + f.itKwPerGpuIdle * f.pue * HOURS_PER_YEAR * f.electricityPerKwh,
          busyKw * f.pue * HOURS_PER_YEAR * f.electricityPerKwh * meanShare * perTokenS,
        ];
  // The step of a fleet: one copy, or one whole GPU of a partitioned GPU's copies.
  const stepGpus = Math.max(1, f.gpusPerCopy);
  const stepCapacity = (stepGpus / f.gpusPerCopy) * f.outputTokensPerSPerCopy;
  const fullStep = stepGpus * zero + marginal * stepCapacity;
  if (!(fullStep > 0)) throw new Error('budget: the build uses neither power nor money per GPU');
  const full = Math.floor(amount / fullStep + 1e-12);
  let best = 0;
  for (const n of [full, full + 1]) {
    const capacity = n * stepCapacity;
    const afford = marginal > 0 ? (amount - n * stepGpus * zero) / marginal : Infinity;
    best = Math.max(best, Math.min(capacity, afford));
  }
  if (!(best > 0)) return null;
  const copies = Math.ceil(best / f.outputTokensPerSPerCopy - 1e-9);
  return fleetOf(f, copies, best, shares);
}
