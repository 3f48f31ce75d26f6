/**
 * Seeded pseudo-random numbers for the analysis (no Math.random: the same seed gives the same
 * draws on every machine).
 *
 * mulberry32, by Tommy Ettinger (public domain), as published in
 * https://gist.github.com/tommyettinger/46a874533244883189143505d203312c and used by many JS
 * libraries; 32-bit state, period 2^32, passes gjrand/PractRand to 2^32 outputs. Source:
 *
 *   function mulberry32(a) {
 *     return function() {
 *       var t = a += 0x6D2B79F5;
 *       t = Math.imul(t ^ t >>> 15, t | 1);
 *       t ^= t + Math.imul(t ^ t >>> 7, t | 61);
 *       return ((t ^ t >>> 14) >>> 0) / 4294967296;
 *     }
 *   }
 *
 * Streams are derived from (seed, draw) with a splitmix32-style hash so draw d of a run does not
 * depend on how many draws came before (chunks in a worker give the same numbers).
 */

/** A generator of uniform numbers in [0, 1). Stateful: each call advances it. */
export type Rng = () => number;

/**
 * mulberry32 seeded with a 32-bit integer.
 * @param seed - any integer (taken modulo 2^32)
 * @returns a function returning uniform numbers in [0, 1), 2^-32 resolution
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return function next(): number {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 32-bit integer hash (the finaliser of splitmix32 / murmur3 fmix32), used to derive
 * independent stream seeds from (seed, index).
 */
export function hash32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The generator of draw `draw` of a run seeded with `seed` (independent of other draws). */
export function drawRng(seed: number, draw: number): Rng {
  return mulberry32(hash32((hash32(seed) ^ Math.imul(draw + 1, 0x9e3779b9)) >>> 0));
}

/**
 * A uniform in the open interval (0, 1): the generator's value moved off 0 by half a step, so
 * inverse CDFs (normal, lognormal) stay finite.
 */
export function openUniform(rng: Rng): number {
  return rng() + 0.5 / 4294967296;
}
