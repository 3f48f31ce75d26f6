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
 * Discount factors of years 0 … `years` (`discountFactor` of each), shared by the calls with the
 * same arguments in a row (the last one is remembered: a schedule discounts several series of
 * one horizon at one rate). Read only.
 */
export function discountFactors(
  years: number,
  rate: number,
  convention: NpvConvention,
): readonly number[] {
  const m = lastFactors;
  if (m !== null && m.years === years && m.rate === rate && m.convention === convention)
    return m.factors;
  const factors: number[] = [];
  for (let t = 0; t <= years; t++) factors.push(discountFactor(t, rate, convention));
  lastFactors = { years, rate, convention, factors };
  return factors;
}
/** The last `discountFactors` (a memo). */
let lastFactors: {
  readonly years: number;
  readonly rate: number;
  readonly convention: NpvConvention;
  readonly factors: readonly number[];
} | null = null;

/**
 * Present value of yearly cash flows with the given discount factors (index = year):
 * Σ flow_t × factor_t, year 0 first.
 */
export function presentValue(cashFlowsUsd: readonly number[], factors: readonly number[]): number {
  let sum = 0;
  for (let t = 0; t < cashFlowsUsd.length; t++)
    sum += (cashFlowsUsd[t] ?? 0) * (factors[t] as number);
  return sum;
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
  return presentValue(
    cashFlowsUsd,
    discountFactors(Math.max(0, cashFlowsUsd.length - 1), rate, convention),
  );
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

/**
 * Internal rate of return of yearly cash flows (index = year, end-of-year timing as Excel's IRR):
 * the rate r at which Σ flow_t / (1 + r)^t = 0, found by Newton steps kept in [−0.99, 10]. Null when the
 * flows do not change sign or no root lies in that bracket (no meaningful IRR).
 * @param cashFlowsUsd - signed flows, year 0 first
 * @returns the rate per year (0.12 = 12 %), or null
 */
export function irr(cashFlowsUsd: readonly number[]): number | null {
  let pos = false;
  let neg = false;
  for (const f of cashFlowsUsd) {
    if (f > 0) pos = true;
    else if (f < 0) neg = true;
  }
  if (!pos || !neg) return null;
  // Newton's method on the present value, kept inside a bracket that bisection narrows when a
  // step would leave it (the flows may change sign more than once): the root to 1e-12 in a
  // handful of steps, where bisection alone needs about 44 present values.
  let lo = -0.99;
  let hi = 10;
  const flo = presentValueAt(cashFlowsUsd, lo);
  const fhi = presentValueAt(cashFlowsUsd, hi);
  if (Math.sign(flo) === Math.sign(fhi)) return null;
  const loSign = Math.sign(flo);
  let r = 0.1;
  for (let i = 0; i < 200; i++) {
    const { value, slope } = presentValueAndSlope(cashFlowsUsd, r);
    if (value === 0) return r;
    if (Math.sign(value) === loSign) lo = r;
    else hi = r;
    let next = r - value / slope;
    if (!(slope !== 0 && next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - r) <= 1e-12 || hi - lo <= 1e-12) return next;
    r = next;
  }
  return (lo + hi) / 2;
}

/** Σ flow_t / (1 + r)^t without npv's range check (IRR's bracket reaches −99 % and 1,000 %). */
function presentValueAt(cashFlowsUsd: readonly number[], r: number): number {
  return presentValueAndSlope(cashFlowsUsd, r).value;
}

/** The present value at rate r and its derivative in r: Σ −t·flow_t / (1 + r)^(t+1). */
function presentValueAndSlope(
  cashFlowsUsd: readonly number[],
  r: number,
): { value: number; slope: number } {
  const d = 1 / (1 + r);
  let factor = 1;
  let value = 0;
  let slope = 0;
  for (let t = 0; t < cashFlowsUsd.length; t++) {
    const flow = cashFlowsUsd[t] ?? 0;
    value += flow * factor;
    slope -= t * flow * factor * d;
    factor *= d;
  }
  return { value, slope };
}

/**
 * Simple (undiscounted) payback in months of an investment against an alternative: lump flows
 * at the start of each year (`lumpByYear[t]` at month 12·t, e.g. capex tranches) and running
 * flows spread evenly over each year (`runningByYear[t]` over months 12·(t−1)…12·t, t ≥ 1, e.g.
 * rent saved − opex). The month, fractional, at which the cumulative sum first turns from
 * negative to ≥ 0; past the horizon, the last year's running flow is extended (the closed form
 * upfront / monthly saving for level flows). Null when it never pays back. Terminal values
 * (resale) are left out, as simple payback conventionally does.
 */
export function paybackMonths(
  lumpByYear: readonly number[],
  runningByYear: readonly number[],
): number | null {
  const years = Math.max(lumpByYear.length, runningByYear.length);
  let cum = lumpByYear[0] ?? 0;
  if (cum >= 0 && years <= 1) return null;
  let wasNegative = cum < 0;
  for (let t = 1; t < years; t++) {
    const perMonth = (runningByYear[t] ?? 0) / 12;
    const end = cum + perMonth * 12;
    if (wasNegative && cum < 0 && end >= 0 && perMonth > 0) {
      return 12 * (t - 1) + -cum / perMonth;
    }
    cum = end;
    if (cum < 0) wasNegative = true;
    cum += lumpByYear[t] ?? 0;
    if (cum < 0) wasNegative = true;
  }
  const last = (runningByYear[years - 1] ?? 0) / 12;
  if (!wasNegative || cum >= 0) return wasNegative && cum >= 0 ? 12 * (years - 1) : null;
  if (!(last > 0)) return null;
  return 12 * (years - 1) + -cum / last;
}
