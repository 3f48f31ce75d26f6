/**
 * Scenario file migrations (tldraw-style): an ordered chain of named steps, each taking a
 * document of one version to the next with its `up` function. `migrateScenario` reads the
 * document's `schemaVersion`, applies every later step in order and stamps the new version.
 * Steps are pure: they never mutate their input.
 *
 * Version history:
 * - 1: first released format (workload, cluster {compute, network, storage}, reliability,
 *   facility, finance, userCatalog).
 * - 2 (`scenario/moe-shape`, issue 20): the model-shape extensions (MoE, MLA, head width,
 *   sliding windows, MTP) and the MoE/serving settings, written at their version-1 readings.
 *
 * To change the format: add a step `{ id: 'scenario/002-<what>', fromVersion: 1, toVersion: 2,
 * up }` to `scenarioMigrations`, bump nothing else (the current version is derived from the
 * chain), add a fixture of the old version under test/model/scenario/fixtures/ and a test that
 * it migrates and parses.
 */

/** A scenario document as read from JSON, before validation. */
export type ScenarioDocument = Readonly<Record<string, unknown>>;

export type ScenarioMigration = {
  /** Stable, unique id, e.g. `scenario/002-split-network`. */
  readonly id: string;
  readonly fromVersion: number;
  readonly toVersion: number;
  readonly description: string;
  /** Pure step from `fromVersion` to `toVersion` (without touching `schemaVersion`). */
  readonly up: (doc: ScenarioDocument) => ScenarioDocument;
};

/** The first scenario format version. */
export const FIRST_SCENARIO_VERSION = 1;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `o` with `fields` added where absent (never overwrites what a document states). */
function withDefaults(o: unknown, fields: Json): unknown {
  if (!isObject(o)) return o;
  const out: Json = { ...o };
  for (const k in fields) if (!(k in out)) out[k] = fields[k];
  return out;
}

/** The model-shape extension fields of issue 20 at the values that read as before. */
function moeShapeModel(model: unknown): unknown {
  const m = withDefaults(model, {
    headDim: null,
    attention: null,
    slidingWindow: null,
    mtpLayers: 0,
    parallelBlocks: false,
  });
  if (!isObject(m) || !isObject(m['moe'])) return m;
  return {
    ...m,
    moe: withDefaults(m['moe'], {
      sharedExperts: 0,
      denseFfnHiddenSize: null,
      firstDenseLayers: 0,
      layerFreq: 1,
    }),
  };
}

/**
 * Version 1 → 2 (issue 20, mixture-of-experts and serving accuracy): the one model vocabulary's
 * new fields — MoE shared experts, dense FFN width, first dense layers and layer frequency; head
 * width; MLA attention; sliding windows; MTP modules; parallel blocks — and, for training, the
 * expert load imbalance, software era, gradient synchronisation and expert tensor parallelism;
 * for serving, attention data-parallel, the engine's tokens-per-step limit, speculative decoding,
 * disaggregated pools and a named MIG profile. Every field is written at the value that reads as
 * version 1 did (dense-equivalent, `auto`, none).
 */
function moeShapeUp(doc: ScenarioDocument): ScenarioDocument {
  const w = doc['workload'];
  if (!isObject(w)) return doc;
  const workload: Json = { ...w, model: moeShapeModel(w['model']) };
  if (w['kind'] === 'training') {
    workload['training'] = withDefaults(w['training'], {
      expertImbalance: null,
      softwareEra: 'auto',
      gradSync: 'all-reduce',
    });
    if (isObject(w['parallelism']))
      workload['parallelism'] = withDefaults(w['parallelism'], { etp: 1 });
  } else if (w['kind'] === 'serving') {
    workload['serving'] = withDefaults(w['serving'], {
      maxTokensPerStep: 'auto',
      speculative: null,
      disaggregation: null,
    });
    if (isObject(w['parallelism']))
      workload['parallelism'] = withDefaults(w['parallelism'], { attentionDp: false });
    const part = w['partition'];
    if (isObject(part) && part['kind'] === 'mig')
      workload['partition'] = withDefaults(part, { profile: null });
  }
  return { ...doc, workload };
}

/** The chain, oldest first. */
export const scenarioMigrations: readonly ScenarioMigration[] = [
  {
    id: 'scenario/moe-shape',
    fromVersion: 1,
    toVersion: 2,
    description:
      'MoE, MLA, head width, sliding windows, MTP and parallel-block model fields; training expert imbalance, software era, gradient sync and ETP; serving attention DP, tokens per step, speculative decoding, disaggregation and MIG profiles (issue 20)',
    up: moeShapeUp,
  },
];

export type MigrationOutcome =
  | { readonly ok: true; readonly doc: ScenarioDocument; readonly applied: readonly string[] }
  | { readonly ok: false; readonly path: string; readonly message: string };

/** The version the chain ends at. */
export function currentVersion(migrations: readonly ScenarioMigration[]): number {
  const last = migrations[migrations.length - 1];
  return last ? last.toVersion : FIRST_SCENARIO_VERSION;
}

/**
 * Check a chain is contiguous (each step goes from the previous step's version to the next
 * integer) and its ids are unique. Throws naming the offending step.
 */
export function checkMigrationChain(migrations: readonly ScenarioMigration[]): void {
  const ids = new Set<string>();
  let version = FIRST_SCENARIO_VERSION;
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`migration id "${m.id}" used twice`);
    ids.add(m.id);
    if (m.fromVersion !== version || m.toVersion !== version + 1) {
      throw new Error(
        `migration "${m.id}" goes ${m.fromVersion}→${m.toVersion}, expected ${version}→${version + 1}`,
      );
    }
    version = m.toVersion;
  }
}

/**
 * Bring a scenario document to the current version. Rejects a non-object, a missing or
 * non-integer `schemaVersion`, and a version newer than this build knows (a file written by
 * a newer ClusterPlan), each with the field path `schemaVersion`.
 */
export function migrateScenario(
  raw: unknown,
  migrations: readonly ScenarioMigration[] = scenarioMigrations,
): MigrationOutcome {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, path: '(root)', message: 'a scenario must be a JSON object' };
  }
  const doc = raw as ScenarioDocument;
  const version = doc['schemaVersion'];
  const latest = currentVersion(migrations);
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return {
      ok: false,
      path: 'schemaVersion',
      message: `must be an integer from ${FIRST_SCENARIO_VERSION} to ${latest}`,
    };
  }
  if (version < FIRST_SCENARIO_VERSION || version > latest) {
    const why = version > latest ? ' (written by a newer ClusterPlan)' : '';
    return {
      ok: false,
      path: 'schemaVersion',
      message: `must be an integer from ${FIRST_SCENARIO_VERSION} to ${latest}${why}, got ${version}`,
    };
  }
  let current: ScenarioDocument = doc;
  const applied: string[] = [];
  for (const m of migrations) {
    if (m.fromVersion < version) continue;
    current = { ...m.up(current), schemaVersion: m.toVersion };
    applied.push(m.id);
  }
  return { ok: true, doc: current, applied };
}
