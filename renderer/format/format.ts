import { groupThousands } from '../../model/math';

/**
 * The one number formatter of the renderer: every figure shown goes through here, formatted with
 * Intl in the system locale (or the locale passed, for tests).
 *
 * In US English (the system locale, or `locale` 'en-US'), plain numbers and whole-cent or
 * whole-dollar USD amounts are written by `enUsFixed` instead, exactly as Intl writes them: the
 * first `Intl.NumberFormat` of a page loads ICU's number formatting, about 40 ms of the editor's
 * first render on a 2-core machine, for the handful of figures the editor shows first.
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

/** The system locale, as the renderer reports it (no ICU work: `navigator.language`). */
function systemLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** Whether figures in `locale` (undefined: the system's) are written by `enUsFixed`. */
function isEnUs(locale: string | undefined): boolean {
  return (locale ?? systemLocale()) === 'en-US';
}

/**
 * A finite number as Intl's en-US decimal format writes it with `minDigits`…`maxDigits` fraction
 * digits (0 ≤ min ≤ max ≤ 20): rounded half away from zero on the number's shortest decimal
 * form (what `String(n)` writes, which is what ICU rounds), grouped by threes with commas, a
 * leading "-" for any negative number or -0 ("-0" as Intl writes it). Null where the magnitude
 * is 10²¹ or more or the number is not finite (the caller asks Intl).
 */
export function enUsFixed(value: number, minDigits: number, maxDigits: number): string | null {
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || abs >= 1e21) return null;
  const [mantissa = '0', exp = '0'] = String(abs).split('e');
  const dot = mantissa.indexOf('.');
  let digits = mantissa.replace('.', '');
  let point = (dot < 0 ? mantissa.length : dot) + Number(exp);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  let kept = digits.slice(0, point + maxDigits);
  if (kept.length < point + maxDigits) kept += '0'.repeat(point + maxDigits - kept.length);
  if ((digits[point + maxDigits] ?? '0') >= '5') {
    // Add one in the last kept place, carrying left.
    const d = kept.split('');
    let i = d.length - 1;
    for (; i >= 0; i--) {
      if (d[i] === '9') d[i] = '0';
      else {
        d[i] = String(Number(d[i]) + 1);
        break;
      }
    }
    kept = (i < 0 ? '1' : '') + d.join('');
  }
  const intLen = kept.length - maxDigits;
  const int = kept.slice(0, intLen).replace(/^0+(?=\d)/, '');
  let frac = kept.slice(intLen);
  while (frac.length > minDigits && frac.endsWith('0')) frac = frac.slice(0, -1);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(int)}${frac ? `.${frac}` : ''}`;
}

/** USD in en-US as Intl writes it ("-$1,234.50"), or null where `enUsFixed` is. */
function enUsDollars(value: number, digits: number): string | null {
  const t = enUsFixed(value, digits, digits);
  if (t === null) return null;
  return t.startsWith('-') ? `-$${t.slice(1)}` : `$${t}`;
}

/** Money in a currency, whole units above 1,000, cents below. */
export function formatMoney(value: number, currency = 'USD', locale?: string): string {
  const digits = Math.abs(value) >= 1000 ? 0 : 2;
  if (currency === 'USD' && isEnUs(locale)) {
    const t = enUsDollars(value, digits);
    if (t !== null) return t;
  }
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
  if (isEnUs(locale) && maxFractionDigits >= 0 && maxFractionDigits <= 20) {
    const t = enUsFixed(value, 0, maxFractionDigits);
    if (t !== null) return t;
  }
  return nf(locale, { maximumFractionDigits: maxFractionDigits }).format(value);
}

/**
 * An absolute error in percent to one decimal, without the unit (the accuracy screen and the
 * report's accuracy table): a positive error that one decimal would show as 0 reads "< 0.1", so a
 * small error is never printed as none.
 */
export function formatErrorPct(pct: number, locale?: string): string {
  return pct > 0 && pct < 0.05 ? '< 0.1' : formatNumber(pct, 1, locale);
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
  const { group, decimal, minus } = separators(locale);
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

/** The group and decimal separators and the minus sign of a locale (en-US: `,` `.` `-`). */
function separators(locale: string | undefined): {
  group: string;
  decimal: string;
  minus: string;
} {
  if (isEnUs(locale)) return { group: ',', decimal: '.', minus: '-' };
  const parts = nf(locale, { maximumFractionDigits: 6 }).formatToParts(-12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
  };
}
