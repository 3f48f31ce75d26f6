/**
 * Branded unit types. A brand makes `Watts + Bytes` a type error while the values stay
 * plain numbers at run time (no boxing on the hot path). Create them with the `asX`
 * helpers at the boundary (schema parse, catalog load) and convert with named `xToY`
 * functions. Field names carry the unit as well (`powerW`, `hbmBytes`, `priceUsd`).
 */
declare const unitBrand: unique symbol;
/** A number tagged with its unit at the type level only. */
export type Quantity<U extends string> = number & { readonly [unitBrand]: U };

/** Power, watts. */
export type Watts = Quantity<'W'>;
/** Energy, joules. */
export type Joules = Quantity<'J'>;
/** Amount of data, bytes. */
export type Bytes = Quantity<'B'>;
/** Data rate, bytes per second. */
export type BytesPerSecond = Quantity<'B/s'>;
/** Data rate, bits per second (line rates of links). */
export type BitsPerSecond = Quantity<'bit/s'>;
/** Time, seconds. */
export type Seconds = Quantity<'s'>;
/** Amount of floating-point work, FLOPs. */
export type Flops = Quantity<'FLOP'>;
/** Compute rate, FLOP per second. */
export type FlopsPerSecond = Quantity<'FLOP/s'>;
/** Money, US dollars (one currency per scenario; the scenario names it). */
export type Usd = Quantity<'USD'>;
/** A ratio in [0, 1] (not a percentage). */
export type Fraction = Quantity<'1'>;

export function asWatts(n: number): Watts {
  return n as Watts;
}
export function asBytes(n: number): Bytes {
  return n as Bytes;
}
export function asBytesPerSecond(n: number): BytesPerSecond {
  return n as BytesPerSecond;
}
export function asSeconds(n: number): Seconds {
  return n as Seconds;
}
export function asFlops(n: number): Flops {
  return n as Flops;
}
export function asFlopsPerSecond(n: number): FlopsPerSecond {
  return n as FlopsPerSecond;
}
export function asUsd(n: number): Usd {
  return n as Usd;
}
export function asFraction(n: number): Fraction {
  return n as Fraction;
}

/** Hours in a (non-leap) year, used for energy per year. */
export const HOURS_PER_YEAR = 8760;
/** 1 GiB in bytes. */
export const GIB = 1024 ** 3;
/** 1 GB (decimal) in bytes. */
export const GB = 1e9;
/** 1 TB (decimal) in bytes. */
export const TB = 1e12;

/** Watts to kilowatts. */
export function wattsToKw(w: Watts): number {
  return w / 1000;
}
/** Line rate in Gb/s to bytes per second (decimal giga, 8 bits per byte). */
export function gbpsToBytesPerSecond(gbps: number): BytesPerSecond {
  return ((gbps * 1e9) / 8) as BytesPerSecond;
}
/** TB/s (decimal, as on datasheets) to bytes per second. */
export function tbpsToBytesPerSecond(tbps: number): BytesPerSecond {
  return (tbps * 1e12) as BytesPerSecond;
}
/** Seconds to days. */
export function secondsToDays(s: Seconds): number {
  return s / 86400;
}
