import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_FILE_JSON_VALUES,
  MAX_SCENARIO_FILE_CHARS,
  parseJsonSafely,
  readScenarioFile,
} from '../../../model/files';

describe('parseJsonSafely', () => {
  it('parses plain data', () => {
    expect(parseJsonSafely('{"a":[1,2,{"b":"c"}]}')).toEqual({
      ok: true,
      value: { a: [1, 2, { b: 'c' }] },
    });
  });

  it.each([
    ['{"__proto__":{"polluted":true}}', 'the key "__proto__" is not allowed'],
    ['{"a":{"b":[{"constructor":{"prototype":{}}}]}}', 'a.b[0]: the key "constructor"'],
    ['{"x":{"prototype":1}}', 'x: the key "prototype"'],
    ['{"n":1e400}', 'n: number is too large'],
    ['{"a":', 'not valid JSON'],
    ['', 'not valid JSON'],
    ['['.repeat(100_000), 'nested deeper than 64 levels'],
  ])('refuses %s with a message naming the problem', (text, message) => {
    const r = parseJsonSafely(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('refuses text over the size cap', () => {
    const r = parseJsonSafely('"' + 'x'.repeat(200) + '"', { maxChars: 100, maxDepth: 64 });
    expect(r).toEqual({
      ok: false,
      error: 'The file is too large (202 bytes; the limit is 100 bytes).',
    });
  });

  it('counts depth outside strings only', () => {
    expect(parseJsonSafely('{"s":"[[[[[[[[[[[["}', { maxChars: 1000, maxDepth: 2 }).ok).toBe(true);
    expect(parseJsonSafely('{"s":"\\"[[[["}', { maxChars: 1000, maxDepth: 2 }).ok).toBe(true);
    expect(parseJsonSafely('[[[1]]]', { maxChars: 1000, maxDepth: 2 }).ok).toBe(false);
  });

  it('never throws and never pollutes Object.prototype, for 10,000 random and mutated texts', () => {
    const valid = JSON.stringify({
      schemaVersion: 1,
      scenarios: [{ name: 'A', cluster: { gpus: 1024, fabric: 'infiniband' } }],
    });
    const mutated = fc
      .tuple(fc.nat(valid.length), fc.nat(valid.length), fc.string({ maxLength: 8 }))
      .map(([i, j, s]) => valid.slice(0, Math.min(i, j)) + s + valid.slice(Math.max(i, j)));
    const hostile = fc.constantFrom(
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
      '1e999',
      '-1e999',
    );
    const anyJson = fc.json({ depthSize: 'medium' });
    fc.assert(
      fc.property(fc.oneof(fc.string(), mutated, hostile, anyJson, fc.constant(valid)), (text) => {
        const r = parseJsonSafely(text);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
      }),
      { numRuns: 10_000 },
    );
  });

  it('accepts a UTF-8 byte-order mark at the start (as browsers read files), nowhere else', () => {
    expect(parseJsonSafely('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonSafely('{"a":1}\uFEFF').ok).toBe(false);
  });

  it('refuses a 20 MB flat array in under a second, with the size in the message', () => {
    const text = `[${'0,'.repeat(10_000_000)}0]`;
    const t0 = performance.now();
    const r = readScenarioFile(text);
    const ms = performance.now() - t0;
    expect(r).toEqual({
      ok: false,
      error: `The file is too large (19.1 MB; the limit is ${(MAX_SCENARIO_FILE_CHARS / 2 ** 20).toFixed(1)} MB).`,
    });
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a flat array under the size cap by its value count, before JSON.parse builds it', () => {
    const n = Math.floor((MAX_SCENARIO_FILE_CHARS - 2) / 2);
    const text = `[${'0,'.repeat(n - 1)}0]`;
    expect(text.length).toBeLessThanOrEqual(MAX_SCENARIO_FILE_CHARS);
    const parse = vi.spyOn(JSON, 'parse');
    const t0 = performance.now();
    const r = parseJsonSafely(text);
    const ms = performance.now() - t0;
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toContain(`more than ${MAX_FILE_JSON_VALUES.toLocaleString('en-US')} values`);
    expect(ms).toBeLessThan(1000);
  });

  it('names the path of a problem deep in a large file (walk without recursion)', () => {
    const items = Array.from({ length: 50_000 }, (_, i) => ({ i }));
    const text = JSON.stringify({ a: { items, b: [{ c: { prototype: 1 } }] } });
    expect(parseJsonSafely(text)).toEqual({
      ok: false,
      error: 'The file is refused: a.b[0].c: the key "prototype" is not allowed.',
    });
  });
});
