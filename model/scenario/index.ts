import { z } from 'zod';
import { calibrationSectionSchema } from './calibration';
import { clusterSectionSchema } from './cluster';
import { scenarioConsistencyIssues } from './consistency';
import { facilitySectionSchema } from './facility';
import { financeSectionSchema } from './finance';
import { currentVersion, migrateScenario, scenarioMigrations } from './migrations';
import { reliabilitySectionSchema } from './reliability';
import { scenarioUserCatalogSchema } from './userCatalog';
import { workloadSchema } from './workload';

/**
 * The scenario: build + workload + facility + finance, as saved in a `.json` file. Versioned
 * (`schemaVersion`, see migrations.ts); `parseScenario` migrates then validates and returns a
 * typed scenario or every problem with its field path.
 */

export * from './workload';
export * from './cluster';
export * from './migrations';
export * from './presets';
export * from './edits';
export { storageSectionSchema, type StorageSection, type StorageTier } from './storage';
export { reliabilitySectionSchema, type ReliabilitySection } from './reliability';
export { facilitySectionSchema, type FacilitySection } from './facility';
export { financeSectionSchema, type FinanceSection } from './finance';
export { servingWorkloadSchema, type ServingWorkload, type ServingWorkloadInput } from './serving';
export { DEFAULT_SOURCES, describeDefault, type DefaultSource } from './defaultSources';
export { calibrationSectionSchema, type CalibrationSection } from './calibration';
export { servingWorkloadIssues, trainingWorkloadIssues } from './consistency';

/** The format version this build writes. */
export const SCENARIO_SCHEMA_VERSION: number = currentVersion(scenarioMigrations);

/**
 * Money fields with their bound in USD. They are stated in the scenario's currency; each is
 * checked against its USD bound at the scenario's `finance.fxPerUsd`, so a scenario in any
 * currency (JPY, KRW, HUF, IDR) is bounded the same way.
 */
export const MONEY_FIELDS: readonly {
  readonly path: readonly string[];
  readonly maxUsd: number;
  readonly what: string;
  /** Smallest amount in USD where 0 means nothing sensible (a rental price). */
  readonly minUsd?: number;
}[] = [
  { path: ['facility', 'priceUsdPerKwh'], maxUsd: 5, what: 'per kWh' },
  { path: ['facility', 'peakOffPeak', 'peakPriceUsdPerKwh'], maxUsd: 5, what: 'per kWh' },
  { path: ['facility', 'peakOffPeak', 'offPeakPriceUsdPerKwh'], maxUsd: 5, what: 'per kWh' },
  { path: ['facility', 'colocationUsdPerKwMonth'], maxUsd: 5000, what: 'per kW-month' },
  { path: ['facility', 'colocationFitOutUsdPerKw'], maxUsd: 100_000, what: 'per kW' },
  { path: ['facility', 'constructionUsdPerW'], maxUsd: 100, what: 'per W' },
  { path: ['finance', 'rackInfraUsdPerRack'], maxUsd: 1_000_000, what: 'per rack' },
  { path: ['finance', 'staffUsdPerFteYear'], maxUsd: 5_000_000, what: 'per FTE-year' },
  { path: ['finance', 'softwareUsdPerGpuYear'], maxUsd: 100_000, what: 'per GPU-year' },
  { path: ['finance', 'softwareUsdPerYear'], maxUsd: 1e9, what: 'per year' },
  { path: ['finance', 'systemPriceUsd'], maxUsd: 1e8, what: '' },
  { path: ['finance', 'cloudUsdPerGpuHour'], maxUsd: 1000, what: 'per GPU-hour', minUsd: 0.01 },
  { path: ['workload', 'gpuHourUsd'], maxUsd: 10_000, what: 'per GPU-hour' },
  { path: ['cluster', 'storage', 'dataTier', 'priceUsd'], maxUsd: 1e12, what: '' },
  { path: ['cluster', 'storage', 'checkpointTier', 'priceUsd'], maxUsd: 1e12, what: '' },
  { path: ['cluster', 'storage', 'nodeCache', 'drivePriceUsd'], maxUsd: 1e6, what: '' },
  { path: ['cluster', 'storage', 'node', 'cpuPricePerCoreUsd'], maxUsd: 1e5, what: '' },
];

function valueAt(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

function fmtAmount(n: number): string {
  return Number(n.toPrecision(6)).toLocaleString('en-US');
}

export const scenarioSchema = z
  .strictObject({
    schemaVersion: z.literal(SCENARIO_SCHEMA_VERSION, {
      error: `must be ${SCENARIO_SCHEMA_VERSION}`,
    }),
    name: z
      .string({ error: 'must be a name (1 to 200 characters)' })
      .min(1, { error: 'must be a name (1 to 200 characters)' })
      .max(200, { error: 'must be a name (1 to 200 characters)' }),
    description: z.string().max(20_000).default(''),
    workload: workloadSchema,
    cluster: clusterSectionSchema,
    reliability: reliabilitySectionSchema,
    facility: facilitySectionSchema,
    finance: financeSectionSchema,
    calibration: calibrationSectionSchema,
    userCatalog: scenarioUserCatalogSchema,
  })
  .check((ctx) => {
    // Cross-field checks read fields that passed their own: with one out of range (−1 GPUs)
    // they added messages computed from it ("exceeds the cluster's -1 GPUs").
    if (ctx.issues.length > 0) return;
    const s = ctx.value;
    // Money in the scenario's currency, bounded in USD at the scenario's rate.
    const fx = s.finance.fxPerUsd;
    for (const m of MONEY_FIELDS) {
      const v = valueAt(s, m.path);
      const minUsd = m.minUsd ?? 0;
      if (typeof v !== 'number' || (v / fx <= m.maxUsd && v / fx >= minUsd)) continue;
      const cur = s.finance.currency;
      const unit = m.what ? ` ${m.what}` : '';
      const range = minUsd > 0 ? `a number from ${fmtAmount(minUsd * fx)} to` : 'at most';
      const rangeUsd = minUsd > 0 ? `${fmtAmount(minUsd)} to ` : '';
      ctx.issues.push({
        code: 'custom',
        input: v,
        path: [...m.path],
        message:
          cur === 'USD'
            ? `must be ${range} ${fmtAmount(m.maxUsd)} USD${unit}`
            : `must be ${range} ${fmtAmount(m.maxUsd * fx)} ${cur}${unit} (${rangeUsd}${fmtAmount(m.maxUsd)} USD at ${fmtAmount(fx)} ${cur} per USD)`,
      });
    }
    if (s.cluster.compute.gpusPerNode > s.cluster.compute.gpus) {
      ctx.issues.push({
        code: 'custom',
        input: s.cluster.compute.gpusPerNode,
        path: ['cluster', 'compute', 'gpusPerNode'],
        message: `must not exceed cluster.compute.gpus (${s.cluster.compute.gpus})`,
      });
    }
    // Catalog ids, user catalog entries, layout against shape and GPUs, stated sizes against the
    // shape, storage CPUs, no bidirectional controls in text (consistency.ts).
    for (const issue of scenarioConsistencyIssues(s)) {
      ctx.issues.push({
        code: 'custom',
        input: undefined,
        path: issue.path,
        message: issue.message,
      });
    }
  });

/** A validated scenario (defaults filled in). */
export type Scenario = z.output<typeof scenarioSchema>;
/** What a scenario file may contain (defaulted fields optional). */
export type ScenarioInput = z.input<typeof scenarioSchema>;

/** One problem in a scenario, with the dotted field path (`workload.model.layers`). */
export type ScenarioIssue = { readonly path: string; readonly message: string };

export type ParseScenarioResult =
  | {
      readonly ok: true;
      readonly scenario: Scenario;
      readonly migrationsApplied: readonly string[];
    }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/** `['workload','model','layers']` → `workload.model.layers`; array indices as `[i]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(root)';
}

type RawIssue = {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly errors?: readonly (readonly RawIssue[])[];
  readonly keys?: readonly string[];
};

/**
 * Flatten zod issues to `{path, message}`. For a union (e.g. `"auto"` or a layout object)
 * whose input reached into one branch, report that branch's nested problems rather than the
 * union's summary, so the message names the innermost field.
 */
function flattenIssues(
  issues: readonly RawIssue[],
  prefix: readonly PropertyKey[],
): ScenarioIssue[] {
  const out: ScenarioIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors) {
      const nested = issue.errors.find(
        (branch) => branch.length > 0 && branch.every((i) => i.path.length > 0),
      );
      if (nested) {
        out.push(...flattenIssues(nested, path));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        out.push({ path: formatPath([...path, key]), message: 'is not a known field' });
      }
      continue;
    }
    out.push({ path: formatPath(path), message: typeMessage(issue) ?? issue.message });
  }
  return out;
}

/** What zod's default type messages name, in the user's words. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'a group of fields ({ … })',
  array: 'a list ([ … ])',
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

/**
 * zod's default message for a value of the wrong type ("Invalid input: expected object, received
 * string"), in the user's words: "is required" for a missing value, else what it must be and
 * what it was. Null for any other message (the schema's own words are kept).
 */
function typeMessage(issue: RawIssue): string | null {
  if (issue.code !== 'invalid_type') return null;
  const m = /^Invalid input: expected (\w+), received (\w+)$/.exec(issue.message);
  if (m === null) return /received undefined$/.test(issue.message) ? 'is required' : null;
  const [, expected = '', received = ''] = m;
  if (received === 'undefined') return 'is required';
  const want = TYPE_WORDS[expected] ?? expected;
  const got = TYPE_WORDS[received] ?? received;
  return `must be ${want}, not ${got}`;
}

/**
 * Each problem once: a value can fail two checks with one message (1e30 layers is neither a
 * whole number in range nor at most the maximum), which reads as one problem.
 */
function uniqueIssues(issues: readonly ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Human-readable list, one `path: message` per line. */
export function formatScenarioIssues(issues: readonly ScenarioIssue[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join('\n');
}

/**
 * Migrate a scenario document to the current version and validate it.
 * @param raw - parsed JSON of one scenario
 * @returns the typed scenario (defaults filled in) or every problem with its field path
 */
export function parseScenario(raw: unknown): ParseScenarioResult {
  const migrated = migrateScenario(raw);
  if (!migrated.ok)
    return { ok: false, issues: [{ path: migrated.path, message: migrated.message }] };
  const parsed = scenarioSchema.safeParse(migrated.doc);
  if (!parsed.success) {
    return {
      ok: false,
      issues: uniqueIssues(flattenIssues(parsed.error.issues as readonly RawIssue[], [])),
    };
  }
  return { ok: true, scenario: parsed.data, migrationsApplied: migrated.applied };
}

/** Like `parseScenario` but throws an Error listing every `path: message`. */
export function parseScenarioOrThrow(raw: unknown): Scenario {
  const r = parseScenario(raw);
  if (!r.ok) throw new Error(`invalid scenario:\n${formatScenarioIssues(r.issues)}`);
  return r.scenario;
}

export type ParseScenarioFileResult =
  | { readonly ok: true; readonly scenarios: readonly Scenario[] }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/**
 * A scenario file holds one scenario, or `{ "scenarios": [ ... ] }` for several. Issues of
 * the several-scenario form are prefixed `scenarios[i].`.
 */
export function parseScenarioFile(raw: unknown): ParseScenarioFileResult {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'scenarios' in raw) {
    const list = (raw as { scenarios: unknown }).scenarios;
    if (!Array.isArray(list) || list.length === 0) {
      return {
        ok: false,
        issues: [{ path: 'scenarios', message: 'must be a non-empty array of scenarios' }],
      };
    }
    const scenarios: Scenario[] = [];
    const issues: ScenarioIssue[] = [];
    list.forEach((item: unknown, i) => {
      const r = parseScenario(item);
      if (r.ok) scenarios.push(r.scenario);
      else {
        for (const issue of r.issues) {
          const sub = issue.path === '(root)' ? '' : `.${issue.path}`;
          issues.push({ path: `scenarios[${i}]${sub}`, message: issue.message });
        }
      }
    });
    return issues.length ? { ok: false, issues } : { ok: true, scenarios };
  }
  const r = parseScenario(raw);
  return r.ok ? { ok: true, scenarios: [r.scenario] } : { ok: false, issues: r.issues };
}
export { fieldText, humanize, unitFromMessage } from './fieldText';
export type { FieldText } from './fieldText';
export {
  SCENARIO_SECTIONS,
  describeIssue,
  inUserWords,
  labelOf,
  placeOf,
  sectionOf,
  splitPath,
} from './issueText';
export type { IssueText } from './issueText';
