/**
 * Defaults are part of the file format. For every schema version, the defaults it filled in are
 * held in defaults/v<N>.json (for a minimal training and serving scenario). The current version's
 * defaults must equal its snapshot: changing a default fails here until a migration step is
 * added (a new version) that writes the old default into older files. And a minimal file of an
 * older version, migrated, must still get that version's defaults: an old file is never
 * silently re-priced.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIRST_SCENARIO_VERSION,
  SCENARIO_SCHEMA_VERSION,
  parseScenarioOrThrow,
} from '../../../model/scenario';
import { baseScenario } from './helpers';

const DIR = new URL('./defaults/', import.meta.url);

/** Minimal scenarios (only required fields) of each workload kind. */
function minimal(version: number): Record<string, Record<string, unknown>> {
  const training: Record<string, unknown> = {
    ...baseScenario(),
    schemaVersion: version,
    name: 'defaults',
  };
  const trainingModel = (training['workload'] as { model: Record<string, unknown> }).model;
  const { seqLenTokens: _seq, ...shape } = trainingModel;
  return {
    training,
    serving: {
      schemaVersion: version,
      name: 'defaults',
      workload: {
        kind: 'serving',
        model: { paramsB: 8.03, ...shape },
        serving: { inputTokensMean: 1000, outputTokensMean: 200 },
      },
      cluster: training['cluster'],
    },
  };
}

/** Every leaf of a value with its dotted path. */
function leaves(v: unknown, prefix: string, out: Record<string, unknown>): Record<string, unknown> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) leaves(x, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = v;
  return out;
}

/** The defaults a version's minimal scenarios get: every leaf the minimal file did not state. */
function defaultsAt(version: number): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [kind, doc] of Object.entries(minimal(version))) {
    const stated = leaves(doc, '', {});
    const all = leaves(parseScenarioOrThrow(doc), '', {});
    const d: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(all)) if (!(k in stated)) d[k] = v;
    out[kind] = d;
  }
  return out;
}

function snapshot(version: number): Record<string, Record<string, unknown>> | null {
  const url = new URL(`v${version}.json`, DIR);
  return existsSync(url)
    ? (JSON.parse(readFileSync(url, 'utf8')) as Record<string, Record<string, unknown>>)
    : null;
}

/**
 * Defaults a later version states another way with the same effect, and why. Version 2: two
 * money defaults became USD figures at the scenario's rate (`null`); for the USD files of
 * this test that is the same amount, and a non-USD version-1 file gets the old amount written
 * by the migration (tested in migrations.test.ts).
 */
const RESTATED: Readonly<Record<string, { readonly from: unknown; readonly to: unknown }>> = {
  'v1 finance.rackInfraUsdPerRack': { from: 20_000, to: null },
  'v1 finance.staffUsdPerFteYear': { from: 200_000, to: null },
};

describe('scenario defaults per format version', () => {
  it('every version has its defaults snapshot', () => {
    for (let v = FIRST_SCENARIO_VERSION; v <= SCENARIO_SCHEMA_VERSION; v++)
      expect(snapshot(v), `test/model/scenario/defaults/v${v}.json`).not.toBeNull();
  });

  it('the current version fills in exactly its snapshot’s defaults (a changed default needs a migration)', () => {
    expect(defaultsAt(SCENARIO_SCHEMA_VERSION)).toEqual(snapshot(SCENARIO_SCHEMA_VERSION));
  });

  it('a file of every older version keeps that version’s defaults once migrated', () => {
    for (let v = FIRST_SCENARIO_VERSION; v < SCENARIO_SCHEMA_VERSION; v++) {
      const old = snapshot(v);
      if (old === null) continue;
      const now = defaultsAt(v);
      for (const kind of Object.keys(old)) {
        for (const [path, value] of Object.entries(old[kind] ?? {})) {
          const restated = RESTATED[`v${v} ${path}`];
          if (restated && restated.from === value && restated.to === now[kind]?.[path]) continue;
          expect(now[kind]?.[path], `v${v} ${kind} ${path}`).toEqual(value);
        }
      }
    }
  });
});
