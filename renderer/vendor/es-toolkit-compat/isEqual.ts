function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * `es-toolkit/compat/isEqual` for recharts (aliased in vite.config.ts), which calls it only to
 * compare an axis's rendered ticks with the last ones it stored (`{ value, coordinate, offset,
 * index }` items, CartesianAxis.js): deep equality of arrays and plain objects (own enumerable
 * keys, symbols included), Dates by time, other values by SameValueZero (NaN equals NaN, -0
 * equals 0). Same answers as the compat version on such data (tested against it); other objects
 * (Maps, Sets, class instances) are equal only when identical, never equal where it says unequal.
 */
// eslint-disable-next-line no-restricted-exports -- recharts default-imports es-toolkit/compat/isEqual, which this module replaces
export default function isEqual(a: unknown, b: unknown): boolean {
  if (a === b || (a !== a && b !== b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && isEqual(a.getTime(), b.getTime());
  }
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  if (!arrays && !(isPlainObject(a) && isPlainObject(b))) return false;
  const keysA = Reflect.ownKeys(a).filter((k) => Object.prototype.propertyIsEnumerable.call(a, k));
  const keysB = Reflect.ownKeys(b).filter((k) => Object.prototype.propertyIsEnumerable.call(b, k));
  if (keysA.length !== keysB.length) return false;
  const ra = a as Record<PropertyKey, unknown>;
  const rb = b as Record<PropertyKey, unknown>;
  return keysA.every(
    (k) => Object.prototype.propertyIsEnumerable.call(b, k) && isEqual(ra[k], rb[k]),
  );
}
