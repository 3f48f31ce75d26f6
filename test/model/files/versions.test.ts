/**
 * Every scenario schema version the migration chain knows has a fixture file, and each opens:
 * migrated to the current version, validated, with its user catalog entries. Adding a migration
 * without a fixture of the version it migrates from fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readScenarioFile, serializeScenarioFile } from '../../../model/files';
import {
  currentVersion,
  FIRST_SCENARIO_VERSION,
  SCENARIO_SCHEMA_VERSION,
  scenarioMigrations,
} from '../../../model/scenario';

/** A read result without the documents as written (they differ once defaults are filled in). */
function withoutDocuments(r: ReturnType<typeof readScenarioFile>) {
  return r.ok ? { scenarios: r.contents.scenarios, baseline: r.contents.baseline } : r;
}

const FIXTURES = new URL('../../fixtures/scenario-files/', import.meta.url);
const versions: number[] = [];
for (let v = FIRST_SCENARIO_VERSION; v <= currentVersion(scenarioMigrations); v++) versions.push(v);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

describe('scenario files of every schema version', () => {
  it('covers every version from the first to the current one', () => {
    expect(versions[0]).toBe(FIRST_SCENARIO_VERSION);
    expect(versions[versions.length - 1]).toBe(SCENARIO_SCHEMA_VERSION);
    for (const v of versions)
      expect(existsSync(new URL(`v${v}.json`, FIXTURES)), `v${v}.json`).toBe(true);
  });

  it.each(versions)('opens the version %i fixture, migrated to the current version', (v) => {
    const text = fixture(`v${v}.json`);
    const raw = JSON.parse(text) as { scenarios: { schemaVersion: number; name: string }[] };
    // The fixture really is of that version (not silently regenerated at the current one).
    for (const s of raw.scenarios) expect(s.schemaVersion).toBe(v);
    const r = readScenarioFile(text);
    if (!r.ok) throw new Error(r.error);
    expect(r.contents.scenarios.map((s) => s.name)).toEqual(raw.scenarios.map((s) => s.name));
    for (const s of r.contents.scenarios) expect(s.schemaVersion).toBe(SCENARIO_SCHEMA_VERSION);
    expect(r.contents.baseline).toBe(1);
    // User catalog entries travel with their scenario.
    expect(r.contents.scenarios[1]?.userCatalog.entries[0]).toMatchObject({
      id: 'dgx-h100',
      fields: { priceUsd: 350000 },
    });
    // Saved again it is a current-version file that reads back the same.
    const again = readScenarioFile(
      serializeScenarioFile(r.contents.scenarios, r.contents.baseline),
    );
    expect(withoutDocuments(again)).toEqual(withoutDocuments(r));
  });

  it.each(versions.filter((v) => existsSync(new URL(`v${v}-single.json`, FIXTURES))))(
    'opens the single-scenario form of version %i',
    (v) => {
      const r = readScenarioFile(fixture(`v${v}-single.json`));
      expect(r.ok && r.contents.scenarios.length).toBe(1);
    },
  );

  it('refuses a scenario without schemaVersion (no unversioned format was ever released)', () => {
    const raw = JSON.parse(fixture('v1-single.json')) as Record<string, unknown>;
    delete raw['schemaVersion'];
    const r = readScenarioFile(JSON.stringify(raw));
    expect(!r.ok && r.error).toMatch(/^schemaVersion: must be an integer from 1/);
  });
});
