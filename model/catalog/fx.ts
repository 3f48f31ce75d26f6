import { estimate } from './build';
import type { SourcedNumber } from './sourced';

/**
 * Exchange rates for the currencies catalog prices are stated in, as USD per unit. A catalog
 * price in another currency is converted to USD with these, then to the scenario's currency
 * with its `finance.fxPerUsd`.
 */
const USD_PER_UNIT: Readonly<Record<string, SourcedNumber>> = {
  USD: estimate(1, 'USD/USD', ['planning-estimate'], 'identity'),
  EUR: estimate(
    1.08,
    'USD/EUR',
    ['planning-estimate'],
    'ECB euro reference rate against the US dollar, 2024 average, about 1.08 (from memory, not read in a stored copy); set finance.fxPerUsd and a price in your currency for a firm figure',
  ),
};

/** USD per unit of a catalog price currency, with its source; null when the catalog has none. */
export function usdPerCurrencyUnit(currency: string): SourcedNumber | null {
  return USD_PER_UNIT[currency] ?? null;
}

/** The currencies catalog prices are stated in. */
export function catalogCurrencies(): readonly string[] {
  return Object.keys(USD_PER_UNIT);
}
