import { formatMoney, formatNumber } from '../format/format';

/**
 * Display of a metric value with its registered unit, through the one formatter
 * (renderer/format/format.ts). Money (`USD`, `USD/…`) in the currency; everything else as a
 * number with as many decimals as its size needs (3 significant digits below 100) and the unit.
 */

/** Fraction digits that keep about 3 significant digits (0 for values ≥ 100). */
export function digitsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 100) return 0;
  return Math.min(6, Math.max(0, 2 - Math.floor(Math.log10(abs))));
}

/** `value` formatted, without its unit. */
export function formatMetricNumber(value: number, unit: string, currency = 'USD'): string {
  if (unit === 'USD') return formatMoney(value, currency);
  if (unit.startsWith('USD/')) {
    return formatMoney(value, currency).replace(/\.00$/, '');
  }
  return formatNumber(value, digitsFor(value));
}

/** The unit as shown (USD replaced by the scenario currency). */
export function displayUnit(unit: string, currency = 'USD'): string {
  return unit.replace(/^USD/, currency);
}

/** `1,234 tokens/s`, `$1.2` (money carries its own symbol), `52 %`. */
export function formatMetric(value: number, unit: string, currency = 'USD'): string {
  const n = formatMetricNumber(value, unit, currency);
  if (unit === 'USD') return n;
  if (unit.startsWith('USD/')) return `${n}/${unit.slice(4)}`;
  if (unit === '' || unit === '1') return n;
  return unit === '%' ? `${n} %` : `${n} ${unit}`;
}
