import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import compatIsEqual from 'es-toolkit/compat/isEqual';
import compatSortBy from 'es-toolkit/compat/sortBy';
import compatUniqBy from 'es-toolkit/compat/uniqBy';
import { describe, expect, it } from 'vitest';
import isEqual from '../../renderer/vendor/es-toolkit-compat/isEqual';
import sortBy from '../../renderer/vendor/es-toolkit-compat/sortBy';
import uniqBy from '../../renderer/vendor/es-toolkit-compat/uniqBy';

const rechartsEs6 = join(
  dirname(createRequire(import.meta.url).resolve('recharts/package.json')),
  'es6',
);

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsFiles(p);
    return name.endsWith('.js') ? [p] : [];
  });
}

const items = [
  { name: 'b', value: 3, coordinate: 10 },
  { name: 'a', value: null, coordinate: -0 },
  { name: 'c', value: 1, coordinate: Number.NaN },
  { name: 'a', value: undefined, coordinate: 0 },
  { name: 'd', value: 1, coordinate: 2 },
  { name: 'e', value: Symbol.for('s'), coordinate: 2 },
  { name: 'f', value: -1, coordinate: undefined },
  { name: 'g', value: 1, coordinate: null },
];

describe('renderer build: es-toolkit/compat sortBy and uniqBy for recharts', () => {
  it('sort as the compat sortBy does: functions, property names, several criteria, special values', () => {
    const criteria: unknown[][] = [
      [(o: { coordinate: unknown }) => o.coordinate],
      ['value'],
      ['name'],
      [['name', 'value']],
      ['name', (o: { coordinate: unknown }) => o.coordinate],
      [],
    ];
    for (const c of criteria) {
      const call = compatSortBy as (x: unknown, ...c: unknown[]) => unknown[];
      expect(sortBy(items, ...c)).toEqual(call(items, ...c));
    }
    expect(sortBy([3, 1, 2])).toEqual(compatSortBy([3, 1, 2]));
    expect(sortBy({ x: 2, y: 1 })).toEqual(compatSortBy({ x: 2, y: 1 }));
    expect(sortBy(null, 'a')).toEqual(compatSortBy(null, 'a'));
  });

  it('deduplicate as the compat uniqBy does: functions, property names, -0, non-arrays', () => {
    const byName = (o: { name: string }) => o.name;
    expect(uniqBy(items, byName)).toEqual(compatUniqBy(items, byName));
    expect(uniqBy(items, 'value')).toEqual(compatUniqBy(items, 'value'));
    const values = [-0, 0, 1, Number.NaN, Number.NaN];
    expect(uniqBy(values)).toEqual((compatUniqBy as (a: unknown) => unknown[])(values));
    expect(Object.is(uniqBy([-0])[0], 0)).toBe(true);
    expect(uniqBy(undefined, byName)).toEqual(compatUniqBy(undefined, byName));
  });

  it('compare as the compat isEqual does on ticks and plain data', () => {
    const tick = (value: unknown, coordinate: number) => ({
      value,
      coordinate,
      offset: 0,
      index: 1,
    });
    const sym = Symbol('s');
    const pairs: [unknown, unknown][] = [
      [
        [tick(1, 10), tick('a', 20)],
        [tick(1, 10), tick('a', 20)],
      ],
      [[tick(1, 10)], [tick(1, 11)]],
      [[tick(1, 10)], [tick(1, 10), tick(2, 20)]],
      [[tick(Number.NaN, 0)], [tick(Number.NaN, -0)]],
      [[tick(new Date(5), 1)], [tick(new Date(5), 1)]],
      [[tick(new Date(5), 1)], [tick(new Date(6), 1)]],
      [{ a: undefined }, {}],
      [
        { a: 1, b: [1, { c: 2 }] },
        { b: [1, { c: 2 }], a: 1 },
      ],
      [
        { a: 1, b: [1, { c: 2 }] },
        { a: 1, b: [1, { c: 3 }] },
      ],
      [{ [sym]: 1 }, { [sym]: 1 }],
      [{ [sym]: 1 }, { [sym]: 2 }],
      [[1, 2], { 0: 1, 1: 2 }],
      [null, undefined],
      [null, {}],
      ['1', 1],
      [0, -0],
    ];
    for (const [a, b] of pairs) {
      expect(isEqual(a, b), JSON.stringify([a, b])).toBe(compatIsEqual(a, b));
      expect(isEqual(b, a)).toBe(compatIsEqual(b, a));
    }
  });

  it('refuse the shorthands they do not implement (paths, objects) instead of answering differently', () => {
    expect(() => sortBy(items, 'a.b')).toThrow(/unsupported iteratee/);
    expect(() => uniqBy(items, { name: 'a' })).toThrow(/unsupported iteratee/);
  });

  it('recharts calls them only from the modules checked for the arguments they pass', () => {
    // A recharts update that adds a caller fails here: check what it passes, then list it.
    const callers = jsFiles(rechartsEs6)
      .filter((f) =>
        /from 'es-toolkit\/compat\/(sortBy|uniqBy|isEqual)'/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => relative(rechartsEs6, f).replaceAll('\\', '/'))
      .sort();
    expect(callers).toEqual([
      'cartesian/CartesianAxis.js', // isEqual of two lists of { value, coordinate, offset, index }
      'component/DefaultTooltipContent.js', // itemSorter: function or 'dataKey' | 'value' | 'name'
      'state/selectors/legendSelectors.js', // itemSorter, as above
      'state/selectors/selectors.js', // (o) => o.coordinate
      'util/ChartUtils.js', // (o) => o.coordinate
      'util/payload/getUniqPayload.js', // a function
    ]);
  });
});
