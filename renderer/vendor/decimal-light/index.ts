/**
 * `decimal.js-light` (2.5.x) for recharts' nice axis ticks (aliased in vite.config.ts for the
 * renderer build only): a decimal is an exact BigInt coefficient times a power of ten. It has the
 * methods recharts' util/scale/getNiceTickValues.js and util/scale/util/arithmetic.js call (listed
 * and checked in test/build/decimalLight.test.ts), with the library's default settings: results
 * of add, sub, mul, div, mod and pow truncated (not rounded: the library's internal `round` is
 * called without a rounding mode) to `precision` 20 significant digits; errors thrown where the
 * library throws them. Tested equal to decimal.js-light operation by operation and on recharts'
 * tick functions.
 */

/** decimal.js-light's default `precision` (significant digits of arithmetic results). */
const PRECISION = 20;
/** ln(10) to 115 digits: decimal.js-light's `LN10` constant (decimal.js, "EDITABLE DEFAULTS"). */
const LN10 =
  '2302585092994045684017991454684364207601101488628772976033327900967572609677352480235997205089598298341967784042286';
/** Fixed-point digits of the logarithm's working values: 50, far beyond the 20 kept. */
const LOG_DIGITS = 50;
const LOG_SCALE = 10n ** BigInt(LOG_DIGITS);
const LN10_FIXED = BigInt(LN10.slice(0, LOG_DIGITS + 1));
const ERR = '[DecimalError] ';

type Value = Decimal | number | string;

function digits(c: bigint): number {
  return (c < 0n ? -c : c).toString().length;
}

/** `c` × 10^`e` truncated towards zero to `sd` significant digits. */
function truncated(c: bigint, e: number, sd = PRECISION): Decimal {
  const drop = digits(c) - sd;
  return drop > 0 ? new Decimal(c / 10n ** BigInt(drop), e + drop) : new Decimal(c, e);
}

/** ln(`c` × 10^`e`) × 10^LOG_DIGITS for c > 0: ln(m) = 2 atanh((m − 1)/(m + 1)), m in [1, 10). */
function lnFixed(c: bigint, e: number): bigint {
  const n = digits(c);
  const m = (c * LOG_SCALE) / 10n ** BigInt(n - 1);
  const z = ((m - LOG_SCALE) * LOG_SCALE) / (m + LOG_SCALE);
  const z2 = (z * z) / LOG_SCALE;
  let sum = 0n;
  let power = z;
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = (power * z2) / LOG_SCALE;
  }
  return BigInt(n - 1 + e) * LN10_FIXED + 2n * sum;
}

function aligned(x: Decimal, y: Decimal): [bigint, bigint, number] {
  const e = Math.min(x.e, y.e);
  return [x.c * 10n ** BigInt(x.e - e), y.c * 10n ** BigInt(y.e - e), e];
}

// eslint-disable-next-line no-restricted-exports -- recharts default-imports decimal.js-light, which this module replaces
export default class Decimal {
  /** Coefficient without trailing zeros (0n for zero). */
  readonly c: bigint;
  /** Power of ten: the value is c × 10^e. */
  readonly e: number;

  constructor(value: Value | bigint, exponent = 0) {
    let c: bigint;
    let e = exponent;
    if (value instanceof Decimal) {
      c = value.c;
      e = value.e;
    } else if (typeof value === 'bigint') {
      c = value;
    } else {
      // As the library: numbers through their shortest string; strings in its decimal syntax.
      const text = typeof value === 'string' ? value : Number.isFinite(value) ? String(value) : '';
      const m = /^(-?)(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?$/i.exec(text);
      if (!m) throw Error(`${ERR}Invalid argument: ${String(value)}`);
      const [int, frac = ''] = (m[2] ?? '').split('.');
      c = BigInt(`${m[1]}${int}${frac}` || '0');
      e = Number(m[3] ?? 0) - frac.length;
    }
    while (c !== 0n && c % 10n === 0n) {
      c /= 10n;
      e++;
    }
    this.c = c;
    this.e = c === 0n ? 0 : e;
  }

  abs(): Decimal {
    return new Decimal(this.c < 0n ? -this.c : this.c, this.e);
  }

  cmp(y: Value): number {
    const [a, b] = aligned(this, new Decimal(y));
    return a === b ? 0 : a > b ? 1 : -1;
  }

  eq(y: Value): boolean {
    return this.cmp(y) === 0;
  }

  lt(y: Value): boolean {
    return this.cmp(y) < 0;
  }

  lte(y: Value): boolean {
    return this.cmp(y) <= 0;
  }

  gt(y: Value): boolean {
    return this.cmp(y) > 0;
  }

  gte(y: Value): boolean {
    return this.cmp(y) >= 0;
  }

  isZero(): boolean {
    return this.c === 0n;
  }

  isint(): boolean {
    return this.e >= 0;
  }

  add(y: Value): Decimal {
    const [a, b, e] = aligned(this, new Decimal(y));
    return truncated(a + b, e);
  }

  sub(y: Value): Decimal {
    const [a, b, e] = aligned(this, new Decimal(y));
    return truncated(a - b, e);
  }

  mul(y: Value): Decimal {
    const d = new Decimal(y);
    return truncated(this.c * d.c, this.e + d.e);
  }

  div(y: Value): Decimal {
    const d = new Decimal(y);
    if (this.c === 0n) return this;
    if (d.c === 0n) throw Error(`${ERR}Division by zero`);
    // A quotient of at least PRECISION + 1 digits, truncated again: the exact one truncated.
    const k = Math.max(0, PRECISION + 1 + digits(d.c) - digits(this.c));
    return truncated((this.c * 10n ** BigInt(k)) / d.c, this.e - d.e - k);
  }

  /** x − trunc(x / y) × y: the library's default modulo mode (ROUND_DOWN), sign of x. */
  mod(y: Value): Decimal {
    const [a, b, e] = aligned(this, new Decimal(y));
    if (b === 0n) throw Error(`${ERR}NaN`);
    return truncated(a % b, e);
  }

  /**
   * Integer powers by squaring with the library's intermediate truncation (to 7 words of 7 digits
   * from the leading word, decimal.js `P.toPower`); negative ones as 1 / x^|y|.
   */
  pow(y: Value): Decimal {
    const d = new Decimal(y);
    if (d.c === 0n) return new Decimal(1);
    if (this.c === 0n) {
      if (d.c < 0n) throw Error(`${ERR}Infinity`);
      return this;
    }
    if (this.eq(1)) return this;
    let k = Math.abs(d.toNumber());
    if (!d.isint() || k > Number.MAX_SAFE_INTEGER)
      throw Error('decimal-light: only integer powers are implemented (all recharts uses)');
    const words = (v: Decimal): Decimal => {
      const unit = 7 * (Math.floor((digits(v.c) - 1 + v.e) / 7) - 6);
      return v.e < unit ? new Decimal(v.c / 10n ** BigInt(unit - v.e), unit) : v;
    };
    let x = new Decimal(this);
    let r = new Decimal(1);
    for (;;) {
      if (k % 2) r = words(new Decimal(r.c * x.c, r.e + x.e));
      k = Math.floor(k / 2);
      if (k === 0) break;
      x = words(new Decimal(x.c * x.c, 2 * x.e));
    }
    return d.c < 0n ? new Decimal(1).div(r) : truncated(r.c, r.e);
  }

  /** log[base](x) (base 10 if omitted) from 50-digit natural logarithms, truncated to 20 digits. */
  log(base?: Value): Decimal {
    const b = new Decimal(base ?? 10);
    if (b.c <= 0n || b.eq(1)) throw Error(`${ERR}NaN`);
    if (this.c <= 0n) throw Error(`${ERR}${this.c ? 'NaN' : '-Infinity'}`);
    if (this.eq(1)) return new Decimal(0);
    const q = (lnFixed(this.c, this.e) * LOG_SCALE) / lnFixed(b.c, b.e);
    return truncated(q, -LOG_DIGITS);
  }

  toNumber(): number {
    return Number(`${this.c}e${this.e}`);
  }

  /** As the library: exponential notation from 10^21 up and from 10^-7 down. */
  toString(): string {
    const neg = this.c < 0n;
    const s = (neg ? -this.c : this.c).toString();
    const exp = s.length - 1 + this.e;
    let out: string;
    if (exp >= 21 || exp <= -7)
      out = `${s[0]}${s.length > 1 ? `.${s.slice(1)}` : ''}e${exp < 0 ? '' : '+'}${exp}`;
    else if (this.e >= 0) out = s + '0'.repeat(this.e);
    else if (exp >= 0) out = `${s.slice(0, exp + 1)}.${s.slice(exp + 1)}`;
    else out = `0.${'0'.repeat(-exp - 1)}${s}`;
    return neg ? `-${out}` : out;
  }

  valueOf(): string {
    return this.toString();
  }
}
