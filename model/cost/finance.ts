/**
 * Finance primitives: straight-line depreciation, net present value with a stated timing
 * convention, and break-even against rental. Conventions follow NIST Handbook 135 (life-cycle
 * costing) and EnergyPlus LifeCycleCost:Parameters: year-0 cash flows are not discounted;
 * year-t flows are discounted by (1 + r)^t (end-of-year) or (1 + r)^(t − 0.5) (mid-year).
 */

export type NpvConvention = 'end-of-year' | 'mid-year';

function inRange(name: string, v: number, min: number, max: number): void {
  if (!Number.isFinite(v) || v < min || v > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max} (got ${String(v)})`);
  }
}

/** One year of a depreciation schedule. */
export type DepreciationYear = {
  readonly year: number;
  readonly expenseUsd: number;
  /** Book value at the end of the year. */
  readonly bookValueUsd: number;
};

/**
 * Straight-line depreciation: cost / life per year until fully depreciated (a fractional last
 * year when the life is not whole), shown over `years` years.
 * @param costUsd - depreciable cost
 * @param lifeYears - useful life, > 0
 * @param years - years to list (the horizon)
 */
export function straightLine(
  costUsd: number,
  lifeYears: number,
  years: number,
): DepreciationYear[] {
  // In the scenario's currency (up to 100,000 units per USD): the cost model's money cap.
  inRange('costUsd', costUsd, 0, 1e18);
  inRange('lifeYears', lifeYears, 0.1, 100);
  inRange('years', years, 1, 100);
  const perYear = costUsd / lifeYears;
  const rows: DepreciationYear[] = [];
  let book = costUsd;
  for (let y = 1; y <= years; y++) {
    const expense = Math.min(perYear, book);
    book -= expense;
    rows.push({ year: y, expenseUsd: expense, bookValueUsd: book });
  }
  return rows;
}

/** Discount factor of a year-t cash flow (t = 0 is undiscounted). */
export function discountFactor(t: number, rate: number, convention: NpvConvention): number {
  if (t === 0) return 1;
  const exponent = convention === 'mid-year' ? t - 0.5 : t;
  return 1 / (1 + rate) ** exponent;
}

/**
 * Net present value of yearly cash flows (index = year; index 0 = at purchase).
 * @param cashFlowsUsd - signed flows (costs negative)
 * @param rate - discount rate per year, e.g. 0.08
 * @param convention - end-of-year or mid-year discounting of years ≥ 1
 */
export function npv(
  cashFlowsUsd: readonly number[],
  rate: number,
  convention: NpvConvention,
): number {
  inRange('discountRate', rate, -0.5, 1);
  let sum = 0;
  for (let t = 0; t < cashFlowsUsd.length; t++)
    sum += (cashFlowsUsd[t] ?? 0) * discountFactor(t, rate, convention);
  return sum;
}

/**
 * Months until owning costs less in total than renting: upfront + m·opex = m·rent →
 * m = upfront / (rent − opex). Null when renting is never dearer per month.
 * @param upfrontUsd - capital paid at the start
 * @param ownMonthlyUsd - owner's running cost per month
 * @param rentMonthlyUsd - rental for the same work per month
 */
export function breakEvenMonths(
  upfrontUsd: number,
  ownMonthlyUsd: number,
  rentMonthlyUsd: number,
): number | null {
  const saving = rentMonthlyUsd - ownMonthlyUsd;
  if (!(saving > 0)) return null;
  return upfrontUsd / saving;
}
