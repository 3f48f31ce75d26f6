/**
 * `search SPEC.json [--json]`: run a design search (model/search) on worker threads and print
 * the best builds, the Pareto front, the near misses and the binding constraint of each.
 * A spec's `base` may be a scenario object or a path to a scenario file (relative to the spec).
 */
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseJsonSafely, readScenarioFile } from '../../model/files';
import type { SearchCandidate, SearchResult } from '../../model/search';
import { violationLabel } from '../../model/search';
import { layoutText } from '../../model/training';
import { formatNumber } from '../format';
import { searchOnWorkers } from './pool';
import type { NodeSearchOptions } from './pool';

export const SEARCH_USAGE = 'search SPEC.json [--json]';

/** What the command needs from the host (files and output; tests pass their own). */
export type SearchIo = {
  readonly readFile: (path: string) => string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
};

function readText(path: string, io: SearchIo): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new Error(`${path}: cannot read file (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** A spec file through the app's hardened JSON reader (size, nesting, hostile keys, BOM). */
function readJson(path: string, io: SearchIo): unknown {
  const r = parseJsonSafely(readText(path, io));
  if (!r.ok) throw new Error(`${path}: ${r.error}`);
  return r.value;
}

/**
 * Read a spec file and inline its base scenario when `base` is a path.
 * @throws Error naming the file or the `base` field
 */
export function loadSearchSpec(path: string, io: SearchIo): unknown {
  const spec = readJson(path, io);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error(`${path}: a search spec must be a JSON object`);
  }
  const base = (spec as Record<string, unknown>)['base'];
  if (typeof base !== 'string') return spec;
  const basePath = isAbsolute(base) ? base : join(dirname(path), base);
  // The base is a scenario file: read by the app's own reader (model/files).
  const file = readScenarioFile(readText(basePath, io));
  if (!file.ok) throw new Error(`base: ${base}: ${file.error}`);
  if (file.contents.documents.length !== 1) {
    throw new Error(`base: ${base} must hold one scenario`);
  }
  return { ...spec, base: file.contents.documents[0] };
}

function num(v: number | null, unit = ''): string {
  return v === null ? 'n/a' : `${formatNumber(v)}${unit ? ` ${unit}` : ''}`;
}

function binding(c: SearchCandidate): string {
  const b = c.binding;
  const slack =
    b.slackPct === null
      ? 'n/a'
      : `${b.slackPct >= 0 ? '' : '-'}${formatNumber(Math.abs(b.slackPct))} %`;
  return `${b.label} ${num(b.value, b.unit)} vs ${b.constraint === 'memory' ? '≥ 0' : `limit ${num(b.limit, b.unit)}`} (slack ${slack})`;
}

/** The candidate's layout in the engine's words (model/training `layoutText`; EP and CP when > 1). */
function candidateLayout(c: SearchCandidate): string {
  return c.layout ? layoutText(c.layout, 0) : '';
}

function candidateLines(list: readonly SearchCandidate[], r: SearchResult): string[] {
  const out: string[] = [];
  list.forEach((c, k) => {
    out.push(`  ${k + 1}. ${c.name}`);
    out.push(
      `     ${r.goal.label}: ${num(c.objective, r.goal.unit)} · time ${num(c.figures.time_to_train_days, 'days')} · TCO ${num(c.figures.tco_usd, r.currency)} · ${num(c.figures.cost_per_million_tokens_usd, `${r.currency}/Mtok`)} · peak ${num(c.figures.facility_peak_power_kw, 'kW')} · ${num(c.figures.racks, 'racks')}`,
    );
    out.push(`     layout ${candidateLayout(c)} · binding: ${binding(c)}`);
  });
  return out;
}

/** The result for people: summary, best builds, front, near misses, constraint counts. */
export function formatSearchText(r: SearchResult, elapsedMs: number, workers: number): string {
  const s = r.stats;
  const lines: string[] = [
    `Design search: ${r.goal.better === 'lower' ? 'minimise' : 'maximise'} ${r.goal.label} (${r.goal.unit})`,
    `Constraints: ${r.constraints.map((c) => `${c.label} ${c.sense === 'max' ? '≤' : '≥'} ${formatNumber(c.limit)} ${c.unit}`).join('; ')}`,
    `Candidates: ${formatNumber(r.total)} · evaluated ${formatNumber(s.evaluated)} · pruned by bounds ${formatNumber(s.prunedInfeasible + s.prunedByObjective + s.prunedByPrice)} · feasible ${formatNumber(s.feasible)} · infeasible ${formatNumber(s.infeasible)} (engine errors ${formatNumber(s.errors)})`,
    `Layout searches: ${formatNumber(s.perfEvaluations)} · ${formatNumber(elapsedMs / 1000)} s on ${workers} worker${workers === 1 ? '' : 's'}`,
    '',
    `Best ${r.best.length} builds:`,
    ...(r.best.length ? candidateLines(r.best, r) : ['  (none feasible)']),
  ];
  if (r.frontAxes) {
    lines.push(
      '',
      `Pareto front (${r.frontAxes.x.label} vs ${r.frontAxes.y.label}): ${r.front.length} builds`,
    );
    for (const c of r.front) {
      lines.push(
        `  ${num(c.figures[r.frontAxes.x.metric], r.frontAxes.x.unit)} · ${num(c.figures[r.frontAxes.y.metric], r.frontAxes.y.unit)} · ${c.name} · binding: ${binding(c)}`,
      );
    }
  }
  if (r.nearMisses.length) {
    lines.push('', 'Nearest misses (infeasible):', ...candidateLines(r.nearMisses, r));
  }
  const v = Object.entries(s.violations).filter(([, n]) => (n ?? 0) > 0);
  if (v.length) {
    const label = (id: string): string => violationLabel(id, r.constraints);
    lines.push(
      '',
      `Infeasible by binding constraint (evaluated candidates): ${v.map(([id, n]) => `${label(id)} ${formatNumber(n ?? 0)}`).join(', ')}`,
    );
  }
  if (s.firstError)
    lines.push(`First engine error (candidate ${s.firstError.index}): ${s.firstError.message}`);
  return lines.join('\n');
}

/** `{..., elapsedMs, workers}` — the merged SearchResult as JSON. */
export function formatSearchJson(r: SearchResult, elapsedMs: number, workers: number): string {
  return JSON.stringify({ ...r, elapsedMs, workers }, null, 2);
}

/**
 * Run the command. Resolves to the exit code: 0 done, 1 bad spec or engine error, 2 usage.
 */
export async function runSearchCommand(
  args: {
    readonly files: readonly string[];
    readonly json: boolean;
    readonly unknownOptions: readonly string[];
  },
  io: SearchIo,
  options: NodeSearchOptions = {},
): Promise<number> {
  if (args.unknownOptions.length) {
    io.stderr(`unknown option ${args.unknownOptions.join(', ')}\nusage: ${SEARCH_USAGE}\n`);
    return 2;
  }
  if (args.files.length !== 1) {
    io.stderr(`give one spec file\nusage: ${SEARCH_USAGE}\n`);
    return 2;
  }
  const path = args.files[0] as string;
  let spec: unknown;
  try {
    spec = loadSearchSpec(path, io);
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const workers = options.workers ?? availableParallelism();
  const t0 = performance.now();
  let result: SearchResult;
  try {
    result = await searchOnWorkers(spec, { ...options, workers }).promise;
  } catch (e) {
    io.stderr(`${path}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const elapsedMs = performance.now() - t0;
  io.stdout(
    `${args.json ? formatSearchJson(result, elapsedMs, workers) : formatSearchText(result, elapsedMs, workers)}\n`,
  );
  return 0;
}
