/**
 * The iteratees recharts hands to es-toolkit/compat's `sortBy` and `uniqBy`: a function, or (a
 * tooltip's or legend's `itemSorter` set to `'dataKey'`, `'value'` or `'name'`) a property name.
 * The compat versions also take property paths and object/array shorthands, which pull in about
 * 1.8 KB gzipped of matching and deep-cloning code recharts never uses; anything else throws here
 * instead of silently sorting or deduplicating differently.
 */
export function criterionValue(criterion: unknown): (item: unknown) => unknown {
  if (typeof criterion === 'function')
    return (item) => (criterion as (x: unknown) => unknown)(item);
  if (criterion == null) return (item) => item;
  if (typeof criterion === 'string' && !/[.[\]]/.test(criterion))
    return (item) => (item == null ? undefined : (item as Record<string, unknown>)[criterion]);
  throw new TypeError(`unsupported iteratee ${String(criterion)} (a function or a property name)`);
}

/** Whether a value is array-like (es-toolkit's and lodash's `isArrayLike`). */
export function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  if (v == null || typeof v === 'function') return false;
  const length = (v as { length?: unknown }).length;
  return typeof length === 'number' && Number.isSafeInteger(length) && length >= 0;
}
