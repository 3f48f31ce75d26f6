import { formatMoney, formatNumber, formatUnitPrice } from '../format/format';

/**
 * Display of a metric value with its registered unit, through the one formatter
 * (renderer/format/format.ts). Money (`¤`, `¤/…`: the registry's sign for the scenario currency)
 * in the currency; everything else as a
 * number with as many decimals as its size needs (3 significant digits below 100) and the unit.
 */

/** Fraction digits that keep about 3 significant digits (0 for values ≥ 100). */
export function digitsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 100) return 0;
  return Math.min(6, Math.max(0, 2 - Math.floor(Math.log10(abs))));
}

/**
 * Money units: the registry's `¤` (the scenario currency), `USD` as scenario field names write
 * it (`priceUsdPerKwh` holds a price in the scenario currency), or a unit an evaluation already
 * gives in its currency (`EUR`, `EUR/yr` with `currency` EUR). Another three-letter unit is not
 * money (`BTU/h`, `FTE`).
 */
const MONEY_UNIT = /^(¤|[A-Z]{3})(\/.*)?$/;

function moneyMatch(unit: string, currency: string): RegExpExecArray | null {
  const m = MONEY_UNIT.exec(unit);
  return m && (m[1] === '¤' || m[1] === 'USD' || m[1] === currency) ? m : null;
}

/** True when `unit` is money in `currency` (`¤`, `¤/yr`, `USD/kWh`, `EUR/GPU-h` with EUR). */
export function isMoneyUnit(unit: string, currency = 'USD'): boolean {
  return moneyMatch(unit, currency) !== null;
}

/** `value` formatted, without its unit. */
export function formatMetricNumber(value: number, unit: string, currency = 'USD'): string {
  const m = moneyMatch(unit, currency);
  if (m) {
    // A non-zero amount under half a cent (a change of $0.004/Mtok), which two decimals would
    // show as $0, keeps three significant digits.
    if (value !== 0 && Math.abs(value) < 0.005) return formatUnitPrice(value, currency);
    const money = formatMoney(value, currency);
    return m[2] === undefined ? money : money.replace(/\.00$/, '');
  }
  return formatNumber(value, digitsFor(value));
}

/** The unit as shown (the currency sign replaced by the scenario currency). */
export function displayUnit(unit: string, currency = 'USD'): string {
  return isMoneyUnit(unit, currency) ? unit.replace(/^(¤|[A-Z]{3})(?=\/|$)/, currency) : unit;
}

/** Count units in the singular, for a value shown as exactly 1 (`1 GPU`, not `1 GPUs`). */
const SINGULAR: Readonly<Record<string, string>> = {
  GPUs: 'GPU',
  requests: 'request',
  racks: 'rack',
  switches: 'switch',
  modules: 'module',
  cores: 'core',
  days: 'day',
  years: 'year',
  months: 'month',
};

/** `1,234 tokens/s`, `$1.2` (money carries its own symbol), `52 %`, `1 GPU`. */
export function formatMetric(value: number, unit: string, currency = 'USD'): string {
  const n = formatMetricNumber(value, unit, currency);
  const m = moneyMatch(unit, currency);
  if (m) return m[2] === undefined ? n : `${n}${m[2]}`;
  if (unit === '' || unit === '1') return n;
  if (unit === '%') return `${n} %`;
  return `${n} ${n === '1' ? (SINGULAR[unit] ?? unit) : unit}`;
}
