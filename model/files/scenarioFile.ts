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
import { migrateScenario, parseScenarioFile, type Scenario, type ScenarioIssue } from '../scenario';
import type { ScenarioDocument } from '../scenario';
import { MAX_OPEN_SCENARIOS } from './limits';
import { parseJsonSafely, type SafeJsonLimits, DEFAULT_JSON_LIMITS } from './safeJson';

export const SCENARIO_FILE_FORMAT = 'clusterplan-scenarios';

/** At most this many scenarios in one file (the workspace's limit, `MAX_OPEN_SCENARIOS`). */
export const MAX_FILE_SCENARIOS = MAX_OPEN_SCENARIOS;

/**
 * How a file was written, so that saving it again writes the same shape: one scenario as the
 * whole file, or the `{ format, baseline, scenarios }` wrapper with or without its optional
 * keys. Saving an unchanged current-version file reproduces it byte for byte (files written as
 * two-space JSON with a final newline, as ClusterPlan writes them).
 */
export type FileLayout = {
  readonly form: 'single' | 'multi';
  /** The wrapper's keys in the order the file has them. */
  readonly keys: readonly ('format' | 'baseline' | 'scenarios')[];
};

/** The layout ClusterPlan writes new files in. */
export const DEFAULT_FILE_LAYOUT: FileLayout = {
  form: 'multi',
  keys: ['format', 'baseline', 'scenarios'],
};

export type ScenarioFileContents = {
  /** Validated, migrated scenarios, in file order (defaults filled in). */
  readonly scenarios: readonly Scenario[];
  /**
   * The same scenarios as the file states them, migrated to the current version but with no
   * default filled in: what the editor keeps, so a default stays a default (with its source)
   * through open and save.
   */
  readonly documents: readonly ScenarioDocument[];
  /** Index of the baseline scenario (0 when the file does not say). */
  readonly baseline: number;
  readonly layout: FileLayout;
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
  let layout: FileLayout = { form: 'single', keys: [] };
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'scenarios' in value
  ) {
    const file = value as Record<string, unknown>;
    layout = {
      form: 'multi',
      keys: Object.keys(file).filter(
        (k): k is 'format' | 'baseline' | 'scenarios' =>
          k === 'format' || k === 'baseline' || k === 'scenarios',
      ),
    };
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
  const rawList =
    layout.form === 'multi'
      ? ((value as Record<string, unknown>)['scenarios'] as unknown[])
      : [value];
  const documents: ScenarioDocument[] = [];
  for (const raw of rawList) {
    const m = migrateScenario(raw);
    // Every scenario parsed above, so each migrates.
    if (m.ok) documents.push(m.doc);
  }
  return { ok: true, contents: { scenarios: parsed.scenarios, documents, baseline, layout } };
}

/**
 * Write scenarios as a scenario file (two-space JSON, trailing newline) in a layout: a file
 * opened as one scenario stays one scenario while it holds one; the wrapper keeps or leaves out
 * its `format` and `baseline` keys as it was read (a baseline other than the first is always
 * written).
 * @param scenarios - scenario documents in order (as stated: no defaults filled in)
 * @param baseline - index of the baseline scenario
 * @param layout - the shape the file was read in (default: the wrapper with every key)
 */
export function serializeScenarioFile(
  scenarios: readonly Readonly<Record<string, unknown>>[],
  baseline: number,
  layout: FileLayout = DEFAULT_FILE_LAYOUT,
): string {
  if (layout.form === 'single' && scenarios.length === 1) {
    return `${JSON.stringify(scenarios[0], null, 2)}\n`;
  }
  const keys = [...(layout.form === 'single' ? DEFAULT_FILE_LAYOUT.keys : layout.keys)];
  if (baseline !== 0 && !keys.includes('baseline'))
    keys.splice(keys.indexOf('scenarios'), 0, 'baseline');
  const file: Record<string, unknown> = {};
  for (const k of keys) {
    if (k === 'format') file['format'] = SCENARIO_FILE_FORMAT;
    else if (k === 'baseline') file['baseline'] = baseline;
    else file['scenarios'] = scenarios;
  }
  return `${JSON.stringify(file, null, 2)}\n`;
}
