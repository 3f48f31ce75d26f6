/**
 * Scenario file migrations (tldraw-style): an ordered chain of named steps, each taking a
 * document of one version to the next with its `up` function. `migrateScenario` reads the
 * document's `schemaVersion`, applies every later step in order and stamps the new version.
 * Steps are pure: they never mutate their input.
 *
 * Version history:
 * - 1: first released format (workload, cluster {compute, network, storage}, reliability,
 *   facility, finance, userCatalog).
 * - 2: one resolved build (issue 19): the shared storage price has one field,
 *   `cluster.storage.dataTier.priceUsd` (`finance.storagePriceUsd` moves there); new fields
 *   with defaults that price a version-1 file as before: `cluster.compute.systemId` (`auto`),
 *   `cluster.network.scaleOut.railOptimized` (true), `cluster.storage.nodeCache.driveAfrPerYear`;
 *   the money defaults `finance.rackInfraUsdPerRack` and `finance.staffUsdPerFteYear` become
 *   USD figures at the scenario's rate (`null`), written in for older non-USD files.
 * - 3 (`scenario/003-moe-shape`, issue 20): the model-shape extensions (MoE, MLA, head width,
 *   sliding windows, MTP) and the MoE/serving settings, new fields whose defaults read as
 *   version 2 did.
 * - 4 (`scenario/004-moe-dispatch`, issue 20): the MoE dispatch configuration of a training
 *   workload (`training.moeDispatcher`, `training.moeA2aOverlap`, `training.cudaGraphs`), new
 *   fields whose `auto` defaults price a version-3 file as version 3 did.
 * - 6 (`scenario/006-expert-mlp`, issue 20): `workload.model.moe.expertBias` and `clampedGlu`
 *   (gpt-oss's expert MLP) and `training.pipelineSplit`, new fields whose defaults price a
 *   version-5 file as version 5 did.
 * - 7 (`scenario/007-static-shapes`): static-shape serving, `workload.serving.batchBucket`
 *   (decode batch padded to a multiple of it: TGI-Gaudi's BATCH_BUCKET_SIZE) and
 *   `padContextTokens` (KV length padded to it: MAX_TOTAL_TOKENS), both null by default:
 *   continuous batching without padding, as version 6 priced.
 *
 * Defaults are part of the format: a test holds every default of every version
 * (test/model/scenario/defaults/) and fails when one changes without a migration step that
 * writes the old default into older files.
 *
 * To change the format: add a step `{ id: 'scenario/00N-<what>', fromVersion: N - 1, toVersion: N,
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

function isRecord(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Version 1 → 2: `finance.storagePriceUsd` (a shared-storage capex override) becomes the data
 * tier's price, `cluster.storage.dataTier.priceUsd`, unless that is already set (then the
 * tier's own price was the more specific one). Every other change of version 2 adds a field
 * whose default prices a version-1 file as version 1 did.
 */
/** Money defaults of version 1, stated in the scenario's currency whatever it was. */
const V1_MONEY_DEFAULTS = { rackInfraUsdPerRack: 20_000, staffUsdPerFteYear: 200_000 } as const;

function v1ToV2(doc: ScenarioDocument): ScenarioDocument {
  return v1StoragePrice(v1MoneyDefaults(doc));
}

/**
 * Version 2 states two money defaults in USD, converted at the scenario's rate (`null`: 20,000
 * USD per rack, 200,000 USD per FTE-year). A version-1 file in another currency that left them
 * out meant that many units of its own currency: the migration writes them in.
 */
function v1MoneyDefaults(doc: ScenarioDocument): ScenarioDocument {
  const finance = isRecord(doc['finance']) ? doc['finance'] : {};
  const currency = finance['currency'];
  if (currency === undefined || currency === 'USD') return doc;
  const out: Record<string, unknown> = { ...finance };
  for (const [k, v] of Object.entries(V1_MONEY_DEFAULTS)) if (out[k] === undefined) out[k] = v;
  return { ...doc, finance: out };
}

function v1StoragePrice(doc: ScenarioDocument): ScenarioDocument {
  const finance = doc['finance'];
  if (!isRecord(finance) || !('storagePriceUsd' in finance)) return doc;
  const { storagePriceUsd, ...restFinance } = finance;
  const cluster = isRecord(doc['cluster']) ? doc['cluster'] : {};
  const storage = isRecord(cluster['storage']) ? cluster['storage'] : {};
  const dataTier = isRecord(storage['dataTier']) ? storage['dataTier'] : {};
  const tier =
    dataTier['priceUsd'] === undefined || dataTier['priceUsd'] === null
      ? { ...dataTier, priceUsd: storagePriceUsd }
      : dataTier;
  return {
    ...doc,
    finance: restFinance,
    cluster: { ...cluster, storage: { ...storage, dataTier: tier } },
  };
}

/**
 * Version 2 → 3 (issue 20, mixture-of-experts and serving accuracy): the one model vocabulary's
 * new fields — MoE shared experts, dense FFN width, first dense layers and layer frequency; head
 * width; MLA attention; sliding windows; MTP modules; parallel blocks — and, for training, the
 * expert load imbalance, software era, gradient synchronisation and expert tensor parallelism;
 * for serving, attention data-parallel, the engine's tokens-per-step limit, speculative decoding,
 * disaggregated pools and a named MIG profile. Every new field's default reads as version 2 did
 * (dense-equivalent, `auto`, none; held by test/model/scenario/defaults/v3.json), so the step
 * writes nothing: defaults stay defaults in the file.
 */
function moeShapeUp(doc: ScenarioDocument): ScenarioDocument {
  return doc;
}

/**
 * Version 3 → 4: the user catalog gains the `accelerator` kind (an accelerator's own peaks per
 * precision, HBM, TDP, idle power, scale-up bandwidth and price, nested peaks named
 * `denseTflops.bf16`). Every version-3 file reads the same (no field moves, no default changes;
 * test/model/scenario/defaults/v4.json); the step writes nothing. The version says that a
 * version-3 build cannot read the new entries ("written by a newer ClusterPlan").
 */
function acceleratorEntriesUp(doc: ScenarioDocument): ScenarioDocument {
  return doc;
}

/**
 * Version 4 → 5 (issue 20): the MoE dispatcher, all-to-all overlap and CUDA-graph settings of a
 * training workload. Their `auto` defaults are what version 4 priced (DeepEP-class dispatch on
 * the optimized stack, all-to-all on baseline; no overlap; no launch floor on dense kernels;
 * held by test/model/scenario/defaults/v5.json), so the step writes nothing.
 */
function moeDispatchUp(doc: ScenarioDocument): ScenarioDocument {
  return doc;
}

/**
 * Version 5 → 6 (issue 20): the expert MLP's biases and clamped activation
 * (`workload.model.moe.expertBias`, `clampedGlu`, false: as version 5 priced) and the pipeline
 * split of a training workload (`training.pipelineSplit`, `auto`: version 5's rule). Defaults
 * held by test/model/scenario/defaults/v6.json; the step writes nothing.
 */
function expertMlpUp(doc: ScenarioDocument): ScenarioDocument {
  return doc;
}

/**
 * Version 6 → 7: static-shape serving (`workload.serving.batchBucket`, `padContextTokens`; an
 * engine that pads every decode step to a batch bucket and its KV cache to a fixed length, as
 * TGI-Gaudi does: MLPerf Inference v4.0 Intel-HabanaLabs causal_lm.py). Null defaults price a
 * version-6 file as version 6 did (held by test/model/scenario/defaults/v7.json); the step writes
 * nothing.
 */
function staticShapesUp(doc: ScenarioDocument): ScenarioDocument {
  return doc;
}

/** The chain, oldest first. */
export const scenarioMigrations: readonly ScenarioMigration[] = [
  {
    id: 'scenario/002-resolved-build',
    fromVersion: 1,
    toVersion: 2,
    description:
      'One storage price: finance.storagePriceUsd moves to cluster.storage.dataTier.priceUsd. New fields cluster.compute.systemId, cluster.network.scaleOut.railOptimized and cluster.storage.nodeCache.driveAfrPerYear take defaults that keep version-1 files as they were priced. Money defaults are USD figures at the scenario’s rate; a non-USD version-1 file keeps the amounts it meant (20,000 per rack, 200,000 per FTE-year in its currency).',
    up: v1ToV2,
  },
  {
    id: 'scenario/003-moe-shape',
    fromVersion: 2,
    toVersion: 3,
    description:
      'MoE, MLA, head width, sliding windows, MTP and parallel-block model fields; training expert imbalance, software era, gradient sync and ETP; serving attention DP, tokens per step, speculative decoding, disaggregation and MIG profiles (issue 20)',
    up: moeShapeUp,
  },
  {
    id: 'scenario/004-accelerator-entries',
    fromVersion: 3,
    toVersion: 4,
    description:
      'User catalog entries of kind "accelerator": an accelerator’s peaks, HBM, power, scale-up bandwidth and price edited or added with their source and date (issue 22)',
    up: acceleratorEntriesUp,
  },
  {
    id: 'scenario/005-moe-dispatch',
    fromVersion: 4,
    toVersion: 5,
    description:
      'Training MoE dispatch configuration: token dispatcher, all-to-all overlap and CUDA graphs (issue 20), defaults as version 4 priced',
    up: moeDispatchUp,
  },
  {
    id: 'scenario/006-expert-mlp',
    fromVersion: 5,
    toVersion: 6,
    description:
      'Expert biases and clamped gated activation in the MoE shape, and the training pipeline split (issue 20), defaults as version 5 priced',
    up: expertMlpUp,
  },
  {
    id: 'scenario/007-static-shapes',
    fromVersion: 6,
    toVersion: 7,
    description:
      'Static-shape serving: decode batch bucket and padded context (TGI-Gaudi), defaults null (no padding) as version 6 priced',
    up: staticShapesUp,
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
