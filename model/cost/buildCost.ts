import type { ResolvedBuild } from '../build';
import type { MetricValue } from '../metrics/metric';
import { electricityCostPerYear } from '../power';
import type { BuildPower, BuildPowerTotals } from '../power';
import { computeCost, costTotals } from './tco';
import type { CostInput, CostResult, CostTotals, LostShares } from './tco';

/**
 * What a build costs: capex from its resolved prices (nodes as built, the networks' bill of
 * materials, storage tiers, racks, facility), opex from its power (energy at the facility's
 * price, colocation or running cost) and the finance terms, then TCO, NPV, unit costs and the
 * rental break-even (./tco.ts). Money is in the build's currency throughout.
 */

/** What the workload delivers, for the unit costs. */
export type WorkDelivered = {
  /** Useful tokens per second of the cluster (training: effective; serving: output), or null. */
  readonly tokensPerSecond: number | null;
  /** Wall-clock time of one training run, s, or null. */
  readonly timeToTrainS: number | null;
  /**
   * A serving workload's own rental price per GPU-hour (for the cost per million output tokens
   * on rented GPUs), or null.
   */
  readonly rentalPerGpuHour: number | null;
  /** GPUs a serving deployment uses (its cost per token counts these), or null. */
  readonly servingGpus: number | null;
  /** Share of the running GPU-hours doing useful work (training's effective compute); 1 when absent. */
  readonly goodput?: number | undefined;
  /** Shares of the running GPU-hours lost, by cause (training); none when absent. */
  readonly lostShares?: LostShares | undefined;
};

export type BuildCost = {
  readonly cost: CostResult;
  /** Figures of the cost stage (model/cost/metrics.ts), money in the build's currency. */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly warnings: readonly { readonly code: string; readonly message: string }[];
};

/** Units of money figures in one currency (cached: evaluations reuse the same strings). */
export type MoneyUnits = {
  readonly total: string;
  readonly perYear: string;
  readonly perGpuHour: string;
  readonly perMtok: string;
};
const unitsByCurrency = new Map<string, MoneyUnits>();
/** The money units of a currency (`EUR`, `EUR/yr`, `EUR/GPU-h`, `EUR/Mtok`). */
export function moneyUnits(currency: string): MoneyUnits {
  let u = unitsByCurrency.get(currency);
  if (!u) {
    u = {
      total: currency,
      perYear: `${currency}/yr`,
      perGpuHour: `${currency}/GPU-h`,
      perMtok: `${currency}/Mtok`,
    };
    unitsByCurrency.set(currency, u);
  }
  return u;
}

/** Facility life passed for a colocated build, where nothing is built (any valid life: unused). */
const FACILITY_LIFE_UNUSED_YEARS = 20;

/**
 * The depreciation of the first year with the whole build in service (the yearly straight-line
 * charge), or of the last year when the build is still being deployed at the horizon.
 */
function firstFullYear(years: CostResult['schedule']['years'], kind: 'book' | 'economic'): number {
  const row = years.find((y) => y.year > 0 && y.deployedFraction >= 1) ?? years[years.length - 1];
  if (!row) return 0;
  return kind === 'book' ? row.bookDepreciationUsd : row.economicDepreciationUsd;
}

function m(value: number, unit: string): MetricValue {
  return { value, unit };
}

/**
 * The cost input of a build running a workload: its resolved prices, its power at the facility's
 * electricity price, the finance terms and what the workload delivers.
 */
function costInputOf(b: ResolvedBuild, p: BuildPowerTotals, work: WorkDelivered): CostInput {
  const fin = b.finance;
  const f = b.facility;
  const cloud = fin.cloudPerGpuHour;
  const runHours = work.timeToTrainS === null ? null : work.timeToTrainS / 3600;
  const colo = f.siting === 'colocation';
  return {
    gpus: b.gpus,
    nodes: b.nodes,
    systemPriceUsd: b.node.price,
    fabricPriceUsd: b.network.bom.priceUsd,
    storagePriceUsd: b.storage.dataTier.price + (b.storage.checkpointTier?.price ?? 0),
    racks: p.racks.racks,
    rackInfraUsdPerRack: fin.rackInfraPerRack,
    installationFraction: fin.installationFraction,
    siting: f.siting,
    provisionedKw: p.provisionedKw,
    // Only the siting's own terms are read (the build resolves only those).
    colocationUsdPerKwMonth: colo ? f.colocationPerKwMonth : 0,
    colocationFitOutUsdPerKw: colo ? f.colocationFitOutPerKw : 0,
    constructionUsdPerW: colo ? 0 : f.constructionPerW,
    facilityLifeYears: colo ? FACILITY_LIFE_UNUSED_YEARS : f.facilityLifeYears,
    facilityOpexFractionPerYear: colo ? 0 : f.facilityOpexFractionPerYear,
    electricityIdleUsdPerYear: electricityCostPerYear(p.it.idleTotalKw, f.pue, f.electricityPerKwh),
    electricityFullUsdPerYear: electricityCostPerYear(
      p.it.runningTotalKw,
      f.pue,
      f.electricityPerKwh,
    ),
    maintenanceFractionPerYear: fin.maintenanceFractionPerYear,
    staffFte: fin.staffFte,
    staffUsdPerFteYear: fin.staffPerFteYear,
    softwareUsdPerGpuYear: fin.softwarePerGpuYear,
    softwareUsdPerYear: fin.softwarePerYear,
    horizonYears: fin.horizonYears,
    discountRate: fin.discountRate,
    npvConvention: fin.npvConvention,
    bookLifeYears: fin.bookLifeYears,
    economicLifeYears: fin.economicLifeYears,
    residualValueFraction: fin.residualValueFraction,
    utilization: fin.utilization,
    trainingRunHours: runHours,
    tokensPerSecond: work.tokensPerSecond,
    cloudUsdPerGpuHour: cloud ?? 0,
    deploymentPhases: fin.deploymentPhases,
    goodput: work.goodput ?? 1,
    cloudGoodput: fin.cloudGoodput,
    cloudSupportUpliftFraction: fin.cloudSupportUpliftFraction,
    lostShares: work.lostShares,
  };
}

/** The training unit costs shown as figures: per run, and per million tokens (training only). */
function trainingUnitCosts(
  t: Pick<CostTotals, 'costPerTrainingRunUsd' | 'costPerMillionTokensUsd'>,
  work: WorkDelivered,
): { readonly perRunUsd: number | null; readonly perMillionTokensUsd: number | null } {
  return {
    perRunUsd: t.costPerTrainingRunUsd,
    // Training tokens only: a serving build's unit cost is per output token (a separate metric),
    // so that a comparison never puts the two in one row with a meaningless delta.
    perMillionTokensUsd: work.servingGpus === null ? t.costPerMillionTokensUsd : null,
  };
}

/** What the design search ranks a build by, in the build's currency. */
export type BuildCostTotals = {
  readonly capexUsd: number;
  readonly tcoUsd: number;
  /** Null: no training run time (not training, or the job never finishes). */
  readonly perRunUsd: number | null;
  /** Null: no training tokens. */
  readonly perMillionTokensUsd: number | null;
};

/**
 * The totals of `costOfBuild` without its schedule, depreciation, NPV and rental comparison (the
 * same numbers, from the same functions: ./tco.ts `costTotals`).
 */
export function costTotalsOfBuild(
  b: ResolvedBuild,
  p: BuildPowerTotals,
  work: WorkDelivered,
): BuildCostTotals {
  const t = costTotals(costInputOf(b, p, work));
  return { capexUsd: t.capex.totalUsd, tcoUsd: t.tcoUsd, ...trainingUnitCosts(t, work) };
}

/**
 * Cost of a build running a workload.
 * @param b - the resolved build (prices in its currency)
 * @param p - its power at the workload's activity
 * @param work - what the workload delivers (tokens/s, run time), for the unit costs
 * @returns the cost result and its figures
 */
export function costOfBuild(b: ResolvedBuild, p: BuildPower, work: WorkDelivered): BuildCost {
  const fin = b.finance;
  const u = moneyUnits(b.currency);
  const warnings: { code: string; message: string }[] = [];
  const cloud = fin.cloudPerGpuHour;
  if (cloud === null) {
    warnings.push({
      code: 'no_cloud_price',
      message: `no cloud price for ${b.accelerator.name}: give finance.cloudUsdPerGpuHour`,
    });
  }
  const cost = computeCost(costInputOf(b, p, work));
  const sch = cost.schedule;
  const metrics: Record<string, MetricValue> = {
    electricity_cost_usd_per_year: m(cost.opexPerYear.energyUsd, u.perYear),
    capex_usd: m(cost.capex.totalUsd, u.total),
    opex_usd_per_year: m(cost.opexPerYear.totalUsd, u.perYear),
    tco_usd: m(cost.tcoUsd, u.total),
    npv_usd: m(cost.npvUsd, u.total),
    cost_per_gpu_hour_usd: m(cost.costPerGpuHourUsd, u.perGpuHour),
    cost_per_effective_gpu_hour_usd: m(sch.costPerEffectiveGpuHourUsd, u.perGpuHour),
    book_depreciation_usd_per_year: m(firstFullYear(sch.years, 'book'), u.perYear),
    economic_depreciation_usd_per_year: m(firstFullYear(sch.years, 'economic'), u.perYear),
    book_value_at_horizon_usd: m(sch.bookValueAtHorizonUsd, u.total),
    economic_value_at_horizon_usd: m(sch.economicValueAtHorizonUsd, u.total),
  };
  if (work.lostShares) {
    const N = fin.horizonYears;
    const l = sch.lostValueTotalUsd;
    metrics['lost_gpu_hours_value_usd_per_year'] = m(l.total / N, u.perYear);
    metrics['lost_gpu_hours_value_usd_per_year_data_stall'] = m(l.dataStall / N, u.perYear);
    metrics['lost_gpu_hours_value_usd_per_year_checkpoint'] = m(l.checkpoint / N, u.perYear);
    metrics['lost_gpu_hours_value_usd_per_year_failures'] = m(l.failures / N, u.perYear);
    metrics['lost_gpu_hours_value_usd_per_year_exposed_comm'] = m(
      l.exposedCommunication / N,
      u.perYear,
    );
  }
  const unit = trainingUnitCosts(cost, work);
  if (unit.perRunUsd !== null) metrics['cost_per_training_run_usd'] = m(unit.perRunUsd, u.total);
  if (unit.perMillionTokensUsd !== null)
    metrics['cost_per_million_tokens_usd'] = m(unit.perMillionTokensUsd, u.perMtok);
  if (work.servingGpus !== null && work.tokensPerSecond !== null && work.tokensPerSecond > 0) {
    // Serving: on rented GPUs (the workload's rental price), the GPUs that serve; on owned
    // hardware, the TCO per used GPU-hour of every GPU of the build; over output tokens per hour.
    const gpuHoursPerHour =
      work.rentalPerGpuHour !== null
        ? work.servingGpus * work.rentalPerGpuHour
        : b.gpus * cost.costPerGpuHourUsd;
    const perToken = gpuHoursPerHour / (work.tokensPerSecond * 3600);
    metrics['cost_per_million_output_tokens_usd'] = m(perToken * 1e6, u.perMtok);
  }
  if (cloud !== null) {
    metrics['cloud_cost_usd'] = m(cost.cloudCostUsd, u.total);
    if (sch.ownVsCloudNpvUsd !== null)
      metrics['own_vs_cloud_npv_usd'] = m(sch.ownVsCloudNpvUsd, u.total);
    if (sch.ownVsCloudIrr !== null)
      metrics['own_vs_cloud_irr_pct'] = m(sch.ownVsCloudIrr * 100, '%');
    // Renting cheaper at any utilisation says there is no payback too: one warning, not two.
    const cheaperAtAnyUse =
      cost.cloudBreakevenUtilization !== null && cost.cloudBreakevenUtilization > 1;
    if (cost.cloudBreakevenMonths !== null)
      metrics['cloud_breakeven_months'] = m(cost.cloudBreakevenMonths, 'months');
    else if (!cheaperAtAnyUse)
      warnings.push({
        code: 'no_cloud_breakeven',
        message: 'renting costs less per month than running the owned cluster: no break-even',
      });
    if (cost.cloudBreakevenUtilization !== null) {
      metrics['cloud_breakeven_utilization'] = m(cost.cloudBreakevenUtilization * 100, '%');
      if (cheaperAtAnyUse) {
        warnings.push({
          code: 'cloud_cheaper_at_any_use',
          message: `renting is cheaper at any utilisation: owning would need ${Math.round(cost.cloudBreakevenUtilization * 100)} % utilisation to break even`,
        });
      }
    }
  }
  return { cost, metrics, warnings };
}
