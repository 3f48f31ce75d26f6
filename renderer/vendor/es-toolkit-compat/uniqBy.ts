import { criterionValue, isArrayLike } from './criterion';

/**
 * `es-toolkit/compat/uniqBy` for recharts (aliased in vite.config.ts): the first item of each
 * distinct key, in order; keys compared as a `Set` does (SameValueZero); -0 items read as 0.
 * Same results as the compat version for the iteratees of ./criterion.ts (tested against it).
 */
// eslint-disable-next-line no-restricted-exports -- recharts default-imports es-toolkit/compat/uniqBy, which this module replaces
export default function uniqBy<T>(array: ArrayLike<T> | null | undefined, iteratee?: unknown): T[] {
  if (!isArrayLike(array)) return [];
  const key = criterionValue(iteratee);
  const seen = new Set<unknown>();
  const out: T[] = [];
  for (const item of Array.from(array)) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push((Object.is(item, -0) ? 0 : item) as T);
  }
  return out;
}
