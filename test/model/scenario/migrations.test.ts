import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIRST_SCENARIO_VERSION,
  SCENARIO_SCHEMA_VERSION,
  checkMigrationChain,
  currentVersion,
  migrateScenario,
  parseScenario,
  scenarioMigrations,
} from '../../../model/scenario';
import type { ScenarioMigration } from '../../../model/scenario';

function fixture(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'),
  ) as unknown;
}

describe('scenario migrations', () => {
  it('the shipped chain is contiguous and ends at the current version', () => {
    expect(() => checkMigrationChain(scenarioMigrations)).not.toThrow();
    expect(currentVersion(scenarioMigrations)).toBe(SCENARIO_SCHEMA_VERSION);
    expect(FIRST_SCENARIO_VERSION).toBe(1);
  });

  it('a version 1 fixture migrates and parses to a current scenario', () => {
    const raw = fixture('v1-training.json');
    const r = parseScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.schemaVersion).toBe(SCENARIO_SCHEMA_VERSION);
    expect(r.migrationsApplied).toEqual(scenarioMigrations.map((m) => m.id));
    if (r.scenario.workload.kind !== 'training') throw new Error('kind');
    expect(r.scenario.workload.model.layers).toBe(96);
    expect(r.scenario.workload.parallelism).toMatchObject({ tp: 8, pp: 12, dp: 16, cp: 1 });
  });

  it('version 1 → 2 moves finance.storagePriceUsd to the data tier’s price, unless the tier has one', () => {
    const raw = fixture('v1-training.json') as Record<string, unknown>;
    const moved = parseScenario({
      ...raw,
      finance: { storagePriceUsd: 2_000_000, utilization: 0.7 },
    });
    if (!moved.ok) throw new Error(JSON.stringify(moved.issues));
    expect(moved.scenario.cluster.storage.dataTier.priceUsd).toBe(2_000_000);
    expect(moved.scenario.finance.utilization).toBe(0.7);
    expect('storagePriceUsd' in moved.scenario.finance).toBe(false);
    const cluster = raw['cluster'] as Record<string, unknown>;
    const kept = parseScenario({
      ...raw,
      cluster: { ...cluster, storage: { dataTier: { priceUsd: 5 } } },
      finance: { storagePriceUsd: 2_000_000 },
    });
    expect(kept.ok && kept.scenario.cluster.storage.dataTier.priceUsd).toBe(5);
    // A non-USD version-1 file keeps the money defaults it meant (in its own currency).
    const eur = parseScenario({ ...raw, finance: { currency: 'EUR', fxPerUsd: 0.9 } });
    expect(
      eur.ok && [eur.scenario.finance.rackInfraUsdPerRack, eur.scenario.finance.staffUsdPerFteYear],
    ).toEqual([20_000, 200_000]);
    const usd = parseScenario(raw);
    expect(usd.ok && usd.scenario.finance.rackInfraUsdPerRack).toBeNull();
    // A version-2 file may not state the moved field.
    const v2 = parseScenario({ ...raw, schemaVersion: 2, finance: { storagePriceUsd: 1 } });
    expect(!v2.ok && v2.issues[0]?.path).toBe('finance.storagePriceUsd');
  });

  it('rejects a missing, non-integer, too old or too new schemaVersion naming the field', () => {
    for (const v of [undefined, '1', 1.5, 0]) {
      const r = parseScenario({ schemaVersion: v });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues[0]?.path).toBe('schemaVersion');
    }
    const future = parseScenario({ schemaVersion: SCENARIO_SCHEMA_VERSION + 1 });
    expect(future.ok).toBe(false);
    if (!future.ok) expect(future.issues[0]?.message).toContain('newer ClusterPlan');
    const notObject = parseScenario([1, 2]);
    expect(notObject.ok).toBe(false);
  });

  // The mechanics, on a test-only chain (the shipped chain is empty while v1 is current).
  const testChain: readonly ScenarioMigration[] = [
    {
      id: 'test/002-rename-gpu-count',
      fromVersion: 1,
      toVersion: 2,
      description: 'gpuCount → gpus',
      up: (doc) => {
        const { gpuCount, ...rest } = doc as { gpuCount?: unknown };
        return { ...rest, gpus: gpuCount };
      },
    },
    {
      id: 'test/003-add-stack',
      fromVersion: 2,
      toVersion: 3,
      description: 'add stack',
      up: (doc) => ({ ...doc, stack: 'optimized' }),
    },
  ];

  it('applies each later step in order, stamps the version and lists the ids', () => {
    const input = { schemaVersion: 1, gpuCount: 8 };
    const r = migrateScenario(input, testChain);
    expect(r).toEqual({
      ok: true,
      doc: { schemaVersion: 3, gpus: 8, stack: 'optimized' },
      applied: ['test/002-rename-gpu-count', 'test/003-add-stack'],
    });
    expect(input).toEqual({ schemaVersion: 1, gpuCount: 8 });
    const fromTwo = migrateScenario({ schemaVersion: 2, gpus: 4 }, testChain);
    expect(fromTwo.ok && fromTwo.applied).toEqual(['test/003-add-stack']);
    const current = migrateScenario({ schemaVersion: 3, gpus: 4, stack: 'baseline' }, testChain);
    expect(current.ok && current.applied).toEqual([]);
  });

  it('rejects a chain with a gap or a duplicate id', () => {
    const [first, second] = testChain as [ScenarioMigration, ScenarioMigration];
    expect(() => checkMigrationChain([second])).toThrow(/expected 1→2/);
    expect(() => checkMigrationChain([first, { ...second, id: first.id }])).toThrow(/used twice/);
    expect(() => checkMigrationChain(testChain)).not.toThrow();
  });
});
