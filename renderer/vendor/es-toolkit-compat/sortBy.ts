import { criterionValue, isArrayLike } from './criterion';

/** es-toolkit compat's (lodash's) order of special values: after every other value. */
function rank(v: unknown): number {
  if (typeof v === 'symbol') return 1;
  if (v === null) return 2;
  if (v === undefined) return 3;
  if (v !== v) return 4; // NaN
  return 0;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const ra = rank(a);
  const rb = rank(b);
  if (ra === 0 && rb === 0) {
    if ((a as number) < (b as number)) return -1;
    if ((a as number) > (b as number)) return 1;
  }
  return ra - rb;
}

/**
 * `es-toolkit/compat/sortBy` for recharts (aliased in vite.config.ts): a stable ascending sort of
 * an array-like (or an object's values) by each criterion in turn. Same results as the compat
 * version for the iteratees of ./criterion.ts (tested against it).
 */
// eslint-disable-next-line no-restricted-exports -- recharts default-imports es-toolkit/compat/sortBy, which this module replaces
export default function sortBy<T>(collection: unknown, ...criteria: unknown[]): T[] {
  if (collection == null) return [];
  const items = (
    isArrayLike(collection) ? Array.from(collection) : Object.values(collection as object)
  ) as T[];
  const flat = criteria.flat();
  const keys = (flat.length === 0 ? [null] : flat).map(criterionValue);
  return items
    .map((item, index) => ({ item, index, values: keys.map((k) => k(item)) }))
    .sort((x, y) => {
      for (let i = 0; i < keys.length; i++) {
        const c = compare(x.values[i], y.values[i]);
        if (c !== 0) return c;
      }
      return x.index - y.index;
    })
    .map((e) => e.item);
}
