import type { FinanceSchedule } from '../cost';
import type { EvaluationResult } from '../evaluate';

/**
 * The finance schedule of each build as the report shows it: the terms a reviewer checks (lives,
 * discount rate and timing, cloud price, goodputs, support uplift) beside the year-by-year rows
 * from model/cost (`CostResult.schedule`). Pure data; the XLSX writes the rows with live
 * formulas, the print view as a table.
 */
export type BuildFinance = {
  /** Position of the build in the report (0-based). */
  readonly index: number;
  readonly name: string;
  readonly currency: string;
  readonly horizonYears: number;
  readonly discountRate: number;
  readonly npvConvention: 'end-of-year' | 'mid-year';
  readonly bookLifeYears: number;
  readonly economicLifeYears: number;
  readonly residualValueFraction: number;
  readonly utilization: number;
  /** Cloud rental per GPU-hour; null when none is known. */
  readonly cloudPerGpuHour: number | null;
  readonly tcoUsd: number;
  readonly npvUsd: number;
  readonly schedule: FinanceSchedule;
};

/**
 * The finance of each build that was costed (a build whose accelerator the catalog has no
 * system for is left out).
 * @param builds - name and evaluation result, in report order
 */
export function reportFinance(
  builds: readonly { readonly name: string; readonly result: EvaluationResult }[],
): BuildFinance[] {
  const out: BuildFinance[] = [];
  for (const [index, { name, result }] of builds.entries()) {
    const pc = result.powerCost;
    const b = result.build;
    if (!pc || !b) continue;
    const f = b.finance;
    out.push({
      index,
      name,
      currency: result.currency,
      horizonYears: f.horizonYears,
      discountRate: f.discountRate,
      npvConvention: f.npvConvention,
      bookLifeYears: f.bookLifeYears,
      economicLifeYears: f.economicLifeYears,
      residualValueFraction: f.residualValueFraction,
      utilization: f.utilization,
      cloudPerGpuHour: f.cloudPerGpuHour,
      tcoUsd: pc.cost.tcoUsd,
      npvUsd: pc.cost.npvUsd,
      schedule: pc.cost.schedule,
    });
  }
  return out;
}
