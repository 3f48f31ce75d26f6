import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_SCENARIOS, readScenarioFile, serializeScenarioFile } from '../../../model/files';
import { SCENARIO_SCHEMA_VERSION } from '../../../model/scenario';

function example(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}
const IB = example('pretrain-llama3-70b-1024xh100-ib.json');
const ROCE = example('pretrain-llama3-70b-1024xh100-roce.json');

describe('scenario file', () => {
  it('round-trips scenarios and the baseline exactly', () => {
    const first = readScenarioFile(serializeScenarioFile([IB, ROCE], 1));
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.contents.baseline).toBe(1);
    expect(first.contents.scenarios.map((s) => s.name)).toEqual([IB['name'], ROCE['name']]);
    // Saving what was read and reading it again gives the same scenarios (save → load is exact).
    const again = readScenarioFile(serializeScenarioFile(first.contents.scenarios, 1));
    expect(again.ok && again.contents.scenarios).toEqual(first.contents.scenarios);
    expect(again.ok && again.contents.baseline).toBe(1);
  });

  it('opens a single-scenario file (the examples) with baseline 0', () => {
    const r = readScenarioFile(JSON.stringify(IB));
    expect(r.ok && r.contents.scenarios.length).toBe(1);
    expect(r.ok && r.contents.baseline).toBe(0);
  });

  it(`opens a schemaVersion ${SCENARIO_SCHEMA_VERSION} fixture (one per version; v1 is current)`, () => {
    const v1 = readFileSync(
      new URL('../scenario/fixtures/v1-training.json', import.meta.url),
      'utf8',
    );
    expect(readScenarioFile(v1).ok).toBe(true);
  });

  it.each([
    ['{"scenarios":[{"__proto__":{"x":1}}]}', 'the key "__proto__" is not allowed'],
    ['['.repeat(1000), 'nested deeper than 64 levels'],
    ['{"scenarios": 3}', 'scenarios: must be a non-empty array'],
    ['{"format":"other","scenarios":[]}', 'format: must be "clusterplan-scenarios"'],
    ['not json', 'not valid JSON'],
  ])('refuses %s with a message naming what is wrong', (text, message) => {
    const r = readScenarioFile(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('names the field of an invalid scenario, the baseline and the size limits', () => {
    const bad = {
      ...IB,
      cluster: {
        ...(IB['cluster'] as object),
        compute: { ...(IB['cluster'] as { compute: object }).compute, gpus: -4 },
      },
    };
    const r = readScenarioFile(serializeScenarioFile([IB, bad], 0));
    expect(!r.ok && r.error).toMatch(/^scenarios\[1\]\.cluster\.compute\.gpus: /);
    const b = readScenarioFile(serializeScenarioFile([IB], 3));
    expect(!b.ok && b.error).toMatch(/^baseline: must be the index/);
    const many = readScenarioFile(serializeScenarioFile(Array(MAX_FILE_SCENARIOS + 1).fill(IB), 0));
    expect(!many.ok && many.error).toMatch(/at most 24 scenarios/);
    const newer = readScenarioFile(
      JSON.stringify({ ...IB, schemaVersion: SCENARIO_SCHEMA_VERSION + 1 }),
    );
    expect(!newer.ok && newer.error).toMatch(/schemaVersion: .*newer ClusterPlan/);
  });

  it('never throws for 10,000 random, truncated and mutated files', () => {
    const valid = serializeScenarioFile([IB, ROCE], 0);
    const mutated = fc
      .tuple(fc.nat(valid.length), fc.nat(valid.length), fc.string({ maxLength: 12 }))
      .map(([i, j, s]) => valid.slice(0, Math.min(i, j)) + s + valid.slice(Math.max(i, j)));
    const truncated = fc.nat(valid.length).map((n) => valid.slice(0, n));
    const retyped = fc
      .tuple(fc.constantFrom('1024', '"infiniband"', '8', 'true', '400'), fc.jsonValue())
      .map(([needle, v]) => valid.replace(needle, JSON.stringify(v) ?? 'null'));
    fc.assert(
      fc.property(fc.oneof(mutated, truncated, retyped, fc.string(), fc.json()), (text) => {
        const r = readScenarioFile(text);
        if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
        else expect(r.contents.scenarios.length).toBeGreaterThan(0);
      }),
      { numRuns: 10_000 },
    );
  });
});
