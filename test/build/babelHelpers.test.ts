import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedHelpers, withSharedHelpers } from '../../vite.babel-helpers';

const EXTENDS =
  'function _extends() { return _extends = Object.assign ? Object.assign.bind() : function (n) { return n; }, _extends.apply(null, arguments); }';
const KEY_A = 'function _toPropertyKey(t) { return String(t); }';
const KEY_B = 'function _toPropertyKey(t) { return t + ""; }';

describe('renderer build: one copy of a package’s Babel helpers', () => {
  it('shares a helper only where every file defines it in the same words', () => {
    const helpers = sharedHelpers([
      `var a = 1;\n${EXTENDS}\n${KEY_A}\nexport { a };`,
      `${EXTENDS}\n${KEY_B}\nexport const b = _extends({}, {});`,
    ]);
    expect([...helpers.keys()]).toEqual(['_extends']);
    expect(helpers.get('_extends')).toBe(EXTENDS);
  });

  it('replaces the copies by one import and keeps everything else', () => {
    const helpers = new Map([['_extends', EXTENDS]]);
    const out = withSharedHelpers(
      `${EXTENDS}\n${KEY_A}\nexport const b = _extends({}, {});`,
      helpers,
      'h',
    );
    expect(out).toBe(`import { _extends } from "h";\n${KEY_A}\nexport const b = _extends({}, {});`);
    expect(withSharedHelpers('export const c = 1;', helpers, 'h')).toBeNull();
  });

  it('finds the helpers recharts repeats, and leaves its modules without their copies', () => {
    const es6 = join(
      dirname(createRequire(import.meta.url).resolve('recharts/package.json')),
      'es6',
    );
    const files = (function walk(d: string): string[] {
      return readdirSync(d).flatMap((n) => {
        const p = join(d, n);
        return statSync(p).isDirectory() ? walk(p) : p.endsWith('.js') ? [p] : [];
      });
    })(es6);
    const sources = files.map((f) => readFileSync(f, 'utf8'));
    const helpers = sharedHelpers(sources);
    for (const name of [
      '_defineProperty',
      '_toPropertyKey',
      '_toPrimitive',
      'ownKeys',
      '_objectSpread',
    ])
      expect(helpers.has(name), name).toBe(true);
    for (const source of sources) {
      const out = withSharedHelpers(source, helpers, 'h') ?? source;
      expect(out).not.toMatch(/^function _defineProperty\(/m);
    }
  });
});
