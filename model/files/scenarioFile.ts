/**
 * ClusterPlan's scenario file: the open scenarios (each with its user catalog entries), in
 * order, and which one is the baseline. Written as JSON:
 * `{ "format": "clusterplan-scenarios", "baseline": 0, "scenarios": [ ... ] }`. A file holding a
 * single scenario (as in examples/) opens too.
 *
 * Reading is hardened in layers, each failure one message naming what is wrong: size and
 * nesting caps and hostile keys (`parseJsonSafely`), then migration of each scenario to the
 * current `schemaVersion` and validation with the zod schema (`parseScenarioFile`).
 */
import { parseScenarioFile, type Scenario, type ScenarioIssue } from '../scenario';
import { MAX_OPEN_SCENARIOS } from './limits';
import { parseJsonSafely, type SafeJsonLimits, DEFAULT_JSON_LIMITS } from './safeJson';

export const SCENARIO_FILE_FORMAT = 'clusterplan-scenarios';

/** At most this many scenarios in one file (the workspace's limit, `MAX_OPEN_SCENARIOS`). */
export const MAX_FILE_SCENARIOS = MAX_OPEN_SCENARIOS;

export type ScenarioFileContents = {
  /** Validated, migrated scenarios, in file order. */
  readonly scenarios: readonly Scenario[];
  /** Index of the baseline scenario (0 when the file does not say). */
  readonly baseline: number;
  /**
   * The scenario documents as written in the file (before migration and defaults), in the same
   * order: the report tells the user's inputs from defaults with them.
   */
  readonly documents: readonly unknown[];
};

export type ReadScenarioFileResult =
  | { readonly ok: true; readonly contents: ScenarioFileContents }
  | {
      readonly ok: false;
      /** One message (the first few problems, `path: message`), for a notice. */
      readonly error: string;
      /** Every validation problem when the scenarios themselves are invalid (CLI lists them). */
      readonly issues?: readonly ScenarioIssue[];
    };

/** The fields of a several-scenario file (`serializeScenarioFile` writes exactly these). */
const ENVELOPE_KEYS: readonly string[] = ['format', 'baseline', 'scenarios'];

/** How many validation problems one message lists before summarising the rest. */
const ISSUES_SHOWN = 3;

/**
 * Read a scenario file's text: the one reader of the app (Electron and browser), the CLI and
 * the tests. Never throws.
 * @param text - the file's contents
 * @param limits - size, depth and count caps (default 4 MiB, 64 levels, 250,000 values)
 * @returns the scenarios and baseline, or one message naming what is wrong (field paths as
 *   `scenarios[1].cluster.compute.gpus`)
 */
export function readScenarioFile(
  text: string,
  limits: SafeJsonLimits = DEFAULT_JSON_LIMITS,
): ReadScenarioFileResult {
  const json = parseJsonSafely(text, limits);
  if (!json.ok) return { ok: false, error: json.error };
  const value = json.value;
  let baseline = 0;
  let documents: readonly unknown[] = [value];
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'scenarios' in value
  ) {
    const file = value as Record<string, unknown>;
    const unknown = Object.keys(file).find((k) => !ENVELOPE_KEYS.includes(k));
    if (unknown !== undefined) {
      return {
        ok: false,
        error: `${unknown}: is not a known field of a scenario file (${ENVELOPE_KEYS.join(', ')})`,
      };
    }
    if (file['format'] !== undefined && file['format'] !== SCENARIO_FILE_FORMAT) {
      return { ok: false, error: `format: must be "${SCENARIO_FILE_FORMAT}"` };
    }
    const list = file['scenarios'];
    if (Array.isArray(list)) documents = list;
    if (Array.isArray(list) && list.length > MAX_FILE_SCENARIOS) {
      return {
        ok: false,
        error: `scenarios: at most ${MAX_FILE_SCENARIOS} scenarios can be open at once (the file has ${list.length})`,
      };
    }
    const b = file['baseline'];
    if (b !== undefined) {
      const n = Array.isArray(list) ? list.length : 0;
      if (typeof b !== 'number' || !Number.isInteger(b) || b < 0 || b >= Math.max(1, n)) {
        return {
          ok: false,
          error: `baseline: must be the index of one of the file's scenarios (0 to ${n - 1})`,
        };
      }
      baseline = b;
    }
  }
  const parsed = parseScenarioFile(value);
  if (!parsed.ok) {
    const shown = parsed.issues.slice(0, ISSUES_SHOWN).map((i) => `${i.path}: ${i.message}`);
    const more = parsed.issues.length - shown.length;
    return {
      ok: false,
      error: shown.join('; ') + (more > 0 ? ` (and ${more} more)` : ''),
      issues: parsed.issues,
    };
  }
  return { ok: true, contents: { scenarios: parsed.scenarios, baseline, documents } };
}

/**
 * Write scenarios as a scenario file (pretty-printed JSON, trailing newline).
 * @param scenarios - scenario documents in order (drafts or validated scenarios)
 * @param baseline - index of the baseline scenario
 */
export function serializeScenarioFile(
  scenarios: readonly Readonly<Record<string, unknown>>[],
  baseline: number,
): string {
  return `${JSON.stringify({ format: SCENARIO_FILE_FORMAT, baseline, scenarios }, null, 2)}\n`;
}
