/**
 * The one number formatter of the renderer: every figure shown goes through here, formatted with
 * Intl in the system locale (or the locale passed, for tests).
 */
const cache = new Map<string, Intl.NumberFormat>();

function nf(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** Money in a currency, whole units above 1,000, cents below. */
export function formatMoney(value: number, currency = 'USD', locale?: string): string {
  const digits = Math.abs(value) >= 1000 ? 0 : 2;
  return nf(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * A price below one unit of the currency (a price per kWh) to three significant digits and at
 * least the currency's cents: $0.0806, €0.25.
 */
export function formatUnitPrice(value: number, currency = 'USD', locale?: string): string {
  const abs = Math.abs(value);
  const digits = abs > 0 && abs < 1 ? Math.min(6, Math.max(2, 2 - Math.floor(Math.log10(abs)))) : 2;
  return nf(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Compact money for chart axes ($1.2M). */
export function formatMoneyCompact(value: number, currency = 'USD', locale?: string): string {
  return nf(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A plain count or quantity with grouping (1,024). */
export function formatNumber(value: number, maxFractionDigits = 0, locale?: string): string {
  return nf(locale, { maximumFractionDigits: maxFractionDigits }).format(value);
}

/** A percentage from a fraction (0.42 → 42 %). */
export function formatPercent(fraction: number, maxFractionDigits = 0, locale?: string): string {
  return nf(locale, { style: 'percent', maximumFractionDigits: maxFractionDigits }).format(
    fraction,
  );
}

/** Power from watts, in W, kW or MW as its size suggests. */
export function formatPower(watts: number, locale?: string): string {
  const abs = Math.abs(watts);
  if (abs >= 1e6) return `${formatNumber(watts / 1e6, 2, locale)} MW`;
  if (abs >= 1e3) return `${formatNumber(watts / 1e3, abs >= 1e5 ? 0 : 1, locale)} kW`;
  return `${formatNumber(watts, 0, locale)} W`;
}

/** Compact count for chart axes (1.2M, 35K), in the system locale. */
export function formatNumberCompact(value: number, locale?: string): string {
  return nf(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A measured or predicted figure to a few significant digits (3.528, 1,385, 0.0214). */
export function formatSignificant(value: number, digits = 4, locale?: string): string {
  return nf(locale, { maximumSignificantDigits: digits }).format(value);
}

/**
 * Parse a number typed in the system locale (or `locale`): group separators and spaces are
 * ignored, the locale's decimal separator is the decimal point, a leading minus or the
 * locale's minus sign is accepted, and so is an exponent (`2e12`). Returns NaN for text that
 * is not a number, and for empty text.
 */
export function parseLocaleNumber(text: string, locale?: string): number {
  const parts = nf(locale, { maximumFractionDigits: 6 }).formatToParts(-12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const minus = parts.find((p) => p.type === 'minusSign')?.value ?? '-';
  let t = text
    .trim()
    .split(minus)
    .join('-')
    .replace(/\s|\u00a0|\u202f/g, '');
  if (group !== decimal) t = t.split(group).join('');
  if (decimal !== '.') t = t.split(decimal).join('.');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return NaN;
  return Number(t);
}
