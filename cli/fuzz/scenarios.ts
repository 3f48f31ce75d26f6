/**
 * Random valid scenarios through `evaluate()`, checking every figure is possible: finite, no
 * negative time, throughput, power, energy, memory use or money flow, MFU ≤ HFU ≤ 100 %, and
 * shares within 0–100 %.
 *
 * Scenarios are drawn by mutation: a realistic base (the examples, the model presets on each
 * accelerator) with 1–8 fields replaced by values the schema allows, read off the zod schema
 * itself (its bounds: the minimum, the maximum, just above an exclusive minimum, log-uniform in
 * between; every enum value; `auto`; null). Only scenarios `parseScenario` accepts are evaluated:
 * the point is that whatever the schema lets through, the engine answers possibly.
 * Deterministic for a seed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceleratorIds } from '../../model/catalog/accelerators';
import { builtinCatalog, listItems } from '../../model/catalog';
import { catalogKinds, kindSchemas } from '../../model/catalog/schemas';
import type { CatalogKind } from '../../model/catalog/schemas';
import { evaluate } from '../../model/evaluate';
import type { EvaluationResult } from '../../model/evaluate';
import { modelPresets, parseScenario, scenarioSchema } from '../../model/scenario';
import type { Scenario } from '../../model/scenario';
import { userFieldBounds } from '../../model/scenario/userCatalog';
import { mulberry32 } from '../../model/analysis/prng';

type Rng = () => number;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Zod 4 internals read here: the definition of a schema node. */
type ZodNode = {
  readonly _zod: { readonly def: Record<string, unknown> & { readonly type: string } };
  readonly minValue?: number | null;
  readonly maxValue?: number | null;
  readonly isInt?: boolean;
};

function def(schema: unknown): ZodNode['_zod']['def'] {
  return (schema as ZodNode)._zod.def;
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)] as T;
}

/** A number the schema node allows, biased to its edges. */
function sampleNumber(rng: Rng, node: ZodNode, current: unknown): number {
  const lo =
    typeof node.minValue === 'number' && Number.isFinite(node.minValue) ? node.minValue : -1e6;
  const hi =
    typeof node.maxValue === 'number' && Number.isFinite(node.maxValue) ? node.maxValue : 1e9;
  const int = node.isInt === true;
  const r = rng();
  let v: number;
  if (r < 0.12) v = lo;
  else if (r < 0.24) v = hi;
  else if (r < 0.34) v = lo === 0 ? Number.MIN_VALUE : lo + Math.abs(lo) * 1e-9;
  else if (r < 0.42) v = hi - Math.abs(hi) * 1e-9;
  else if (r < 0.7 && lo >= 0) {
    const a = Math.log(Math.max(lo, hi * 1e-12, Number.MIN_VALUE));
    v = Math.exp(a + rng() * (Math.log(hi) - a));
  } else if (r < 0.85 && typeof current === 'number' && current !== 0) {
    v = current * Math.exp((rng() * 2 - 1) * Math.log(50));
  } else v = lo + rng() * (hi - lo);
  if (int) v = rng() < 0.5 ? Math.round(v) : Math.floor(v);
  return Math.min(hi, Math.max(lo, v));
}

/** A value the schema node may accept (or almost: the caller keeps only what parses). */
export function sampleFor(rng: Rng, schema: unknown, current: unknown, depth = 0): Json {
  const d = def(schema);
  switch (d.type) {
    case 'default':
    case 'prefault':
    case 'optional':
      return sampleFor(rng, d['innerType'], current, depth);
    case 'nullable':
      return rng() < 0.2 ? null : sampleFor(rng, d['innerType'], current, depth);
    case 'number':
      return sampleNumber(rng, schema as ZodNode, current);
    case 'boolean':
      return rng() < 0.5;
    case 'enum':
      return pick(rng, Object.values(d['entries'] as Record<string, string>));
    case 'literal':
      return pick(rng, d['values'] as Json[]);
    case 'union': {
      const options = d['options'] as unknown[];
      // Prefer the branch holding the current value's shape when it is an object.
      return sampleFor(rng, pick(rng, options), current, depth);
    }
    case 'object': {
      if (depth > 4) return {};
      const shape = d['shape'] as Record<string, unknown>;
      const base =
        typeof current === 'object' && current !== null && !Array.isArray(current)
          ? (current as Record<string, Json>)
          : {};
      const out: Record<string, Json> = {};
      for (const [k, s] of Object.entries(shape)) {
        const kind = def(s).type;
        const optional = kind === 'default' || kind === 'prefault' || kind === 'optional';
        if (optional && rng() < 0.4) {
          if (k in base) out[k] = base[k] as Json;
          continue;
        }
        out[k] = sampleFor(rng, s, base[k], depth + 1);
      }
      return out;
    }
    case 'string':
      return typeof current === 'string' ? current : 'x';
    default:
      return (current as Json) ?? null;
  }
}

/** The schema node at a path of the scenario (through wrappers; unions by the value there). */
function schemaAt(schema: unknown, keys: readonly string[], value: unknown): unknown {
  let node = schema;
  let v: unknown = value;
  for (const key of keys) {
    node = unwrapToObject(node, v);
    if (node === null) return null;
    const shape = def(node)['shape'] as Record<string, unknown> | undefined;
    if (!shape || !(key in shape)) return null;
    node = shape[key];
    v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function unwrapToObject(node: unknown, value: unknown): unknown {
  let n = node;
  for (let i = 0; i < 10; i++) {
    const d = def(n);
    if (d.type === 'object') return n;
    if (['default', 'prefault', 'optional', 'nullable'].includes(d.type)) n = d['innerType'];
    else if (d.type === 'union') {
      const options = d['options'] as unknown[];
      const disc = d['discriminator'] as string | undefined;
      const objects = options.filter((o) => def(unwrapPlain(o)).type === 'object');
      if (objects.length === 0) return null;
      if (disc !== undefined && typeof value === 'object' && value !== null) {
        const tag = (value as Record<string, unknown>)[disc];
        const hit = objects.find((o) => {
          const lit = (def(unwrapPlain(o))['shape'] as Record<string, unknown>)[disc];
          return lit !== undefined && (def(lit)['values'] as unknown[] | undefined)?.includes(tag);
        });
        n = hit ?? objects[0];
      } else n = objects[0];
    } else return null;
  }
  return null;
}

function unwrapPlain(node: unknown): unknown {
  let n = node;
  for (let i = 0; i < 10; i++) {
    const d = def(n);
    if (['default', 'prefault', 'optional', 'nullable'].includes(d.type)) n = d['innerType'];
    else return n;
  }
  return n;
}

/** Every path of a parsed scenario to a leaf or a small object (mutation targets). */
function mutationPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.push(prefix);
    return out;
  }
  if (prefix.length > 0) out.push(prefix);
  for (const [k, v] of Object.entries(value)) {
    if (prefix.length === 0 && (k === 'name' || k === 'description' || k === 'userCatalog'))
      continue;
    if (k === 'preset') continue;
    mutationPaths(v, [...prefix, k], out);
  }
  return out;
}

function setAt(doc: Record<string, Json>, keys: readonly string[], value: Json): void {
  let o: Record<string, Json> = doc;
  for (const k of keys.slice(0, -1)) {
    const next = o[k];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) return;
    o = next as Record<string, Json>;
  }
  o[keys[keys.length - 1] as string] = value;
}

/** The base documents: every scenario of examples/, and each model preset on each accelerator. */
export function baseScenarios(): Record<string, Json>[] {
  const dir = path.join(ROOT, 'examples');
  const docs: Record<string, Json>[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const raw = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, Json>;
    const list = Array.isArray(raw['scenarios']) ? (raw['scenarios'] as Json[]) : [raw];
    for (const d of list) if (parseScenario(d).ok) docs.push(d as Record<string, Json>);
  }
  const training = docs.find((d) => (d['workload'] as Record<string, Json>)['kind'] === 'training');
  if (training) {
    for (const preset of modelPresets) {
      for (const acc of acceleratorIds()) {
        const doc = structuredClone(training);
        const w = doc['workload'] as Record<string, Json>;
        w['model'] = structuredClone(preset.shape) as Json;
        (w['training'] as Record<string, Json>)['globalBatchSeqs'] = preset.globalBatchSeqs;
        w['parallelism'] = 'auto';
        (doc['cluster'] as { compute: Record<string, Json> }).compute['acceleratorId'] = acc;
        if (parseScenario(doc).ok) docs.push(doc);
      }
    }
  }
  return docs;
}

/** A user catalog entry overriding one number of a built-in item, within the field's bounds. */
function userEntry(rng: Rng): Json {
  const catalog = builtinCatalog();
  const kind = pick(rng, catalogKinds) as CatalogKind;
  const items = listItems(catalog, kind);
  if (items.length === 0) return null;
  const item = pick(rng, items) as { id: string };
  const shape = (kindSchemas[kind] as unknown as { shape: Record<string, unknown> }).shape;
  const numeric = Object.keys(shape).filter((k) => userFieldBounds(kind, k) !== null);
  if (numeric.length === 0) return null;
  const field = pick(rng, numeric);
  const b = userFieldBounds(kind, field)!;
  const value = sampleNumber(
    rng,
    { _zod: { def: { type: 'number' } }, minValue: b.min, maxValue: b.max },
    undefined,
  );
  return { kind, id: item.id, date: '2026-01', source: 'fuzz', fields: { [field]: value } };
}

export type ScenarioSample = {
  readonly doc: Record<string, Json>;
  readonly scenario: Scenario;
  /** What was changed from the base, `path = value` (to read a failure). */
  readonly mutations: readonly string[];
};

/**
 * Draw schema-valid scenarios.
 * @param seed - PRNG seed
 * @param count - how many valid scenarios to return
 * @returns the scenarios and how many drawn documents the schema refused on the way
 */
export function* validScenarios(
  seed: number,
  count: number,
): Generator<ScenarioSample, { refused: number }> {
  const rng = mulberry32(seed);
  const all = baseScenarios();
  const kindOf = (d: Record<string, Json>) => (d['workload'] as Record<string, Json>)['kind'];
  const bases = {
    training: all.filter((d) => kindOf(d) === 'training'),
    serving: all.filter((d) => kindOf(d) === 'serving'),
  };
  let made = 0;
  let refused = 0;
  while (made < count) {
    // Half training, half serving, whatever the number of bases of each.
    const kindBases = rng() < 0.5 ? bases.training : bases.serving;
    const base = pick(rng, kindBases.length > 0 ? kindBases : bases.training);
    const parsed = parseScenario(base);
    if (!parsed.ok) continue;
    const doc = structuredClone(parsed.scenario) as unknown as Record<string, Json>;
    const paths = mutationPaths(doc);
    const count = 1 + Math.floor(rng() * 8);
    const mutations: string[] = [];
    for (let i = 0; i < count; i++) {
      const keys = pick(rng, paths);
      const node = schemaAt(scenarioSchema, keys, doc);
      if (node === null) continue;
      let current: unknown = doc;
      for (const k of keys) current = (current as Record<string, unknown> | undefined)?.[k];
      const value = sampleFor(rng, node, current);
      setAt(doc, keys, value);
      mutations.push(`${keys.join('.')} = ${JSON.stringify(value)}`);
    }
    // A calibration only applies on its own accelerator, stack and precision: match them often.
    const cal = doc['calibration'];
    if (cal !== null && typeof cal === 'object' && !Array.isArray(cal) && rng() < 0.7) {
      const compute = (doc['cluster'] as { compute: Record<string, Json> }).compute;
      const w = doc['workload'] as Record<string, Json>;
      cal['acceleratorId'] = compute['acceleratorId'] as Json;
      cal['stack'] = compute['stack'] as Json;
      const settings = (w['training'] ?? w['serving']) as Record<string, Json> | undefined;
      if (settings) cal['precision'] = settings['precision'] as Json;
      mutations.push(`calibration matched: ${JSON.stringify(cal)}`);
    }
    if (rng() < 0.15) {
      const entry = userEntry(rng);
      if (entry !== null) {
        doc['userCatalog'] = { entries: [entry] };
        mutations.push(`userCatalog = ${JSON.stringify(entry)}`);
      }
    }
    const r = parseScenario(doc);
    if (!r.ok) {
      refused++;
      continue;
    }
    made++;
    yield { doc, scenario: r.scenario, mutations };
  }
  return { refused };
}

/** Units whose figures are never negative: times, rates, powers, energies, sizes, counts, money flows. */
const NON_NEGATIVE_UNITS = new Set([
  's',
  'ms',
  'min',
  'h',
  'days',
  'months',
  'tokens/s',
  'samples/s',
  'req/s',
  'TFLOP/s',
  'kW',
  'BTU/h',
  'RT',
  'MWh/yr',
  'tCO2e/yr',
  'm³/yr',
  'GB/s',
  'ops/s',
  'cores',
  'GPUs',
  'TB',
  'GPU-h/day',
  '1/day',
  'racks',
  'm²',
  'switches',
  'modules',
  'requests',
  '%',
  'USD/yr',
  'USD/GPU-h',
  'USD/Mtok',
]);

/** Figures that may be negative by definition. */
const SIGNED = new Set([
  'memory_headroom_gib', // negative: the layout does not fit
  'npv_usd', // a net present value of costs
  'own_vs_cloud_npv_usd', // negative: renting the same effective capacity costs less
  'own_vs_cloud_irr_pct', // negative: owning returns less than it costs
]);

/** Percentages that are shares of a whole (0–100 %). */
const SHARES = [
  'mfu_pct',
  'hfu_pct',
  'data_stall_pct',
  'accelerator_utilization_pct',
  'goodput_pct',
  'effective_compute_pct',
  'scaling_efficiency_pct',
];

/** Every impossible figure of a result, in words (empty: all possible). */
export function impossibleOutputs(result: EvaluationResult): string[] {
  const out: string[] = [];
  const m = result.metrics;
  for (const [id, v] of Object.entries(m)) {
    if (!Number.isFinite(v.value)) out.push(`${id} is ${v.value}`);
    else if (
      !SIGNED.has(id) &&
      (NON_NEGATIVE_UNITS.has(v.unit) || v.unit === 'GiB' || v.unit === 'USD') &&
      v.value < 0
    ) {
      out.push(`${id} is negative (${v.value} ${v.unit})`);
    }
  }
  for (const id of SHARES) {
    const v = m[id]?.value;
    if (v !== undefined && v > 100 + 1e-9) out.push(`${id} is above 100 % (${v})`);
  }
  const mfu = m['mfu_pct']?.value;
  const hfu = m['hfu_pct']?.value;
  if (mfu !== undefined && hfu !== undefined && mfu > hfu + 1e-9) {
    out.push(`mfu_pct (${mfu}) is above hfu_pct (${hfu})`);
  }
  return out;
}

export type ScenarioFuzzReport = {
  readonly evaluated: number;
  /** Drawn documents the schema refused (not evaluated). */
  readonly refusedBySchema: number;
  /**
   * Scenarios the schema accepted but evaluate() stopped on with an answer in words (the fabric
   * cannot hold the cluster, no layout fits in memory, the latency limits cannot be met).
   */
  readonly engineAnswers: number;
  /**
   * Scenarios the schema accepted that reached an internal guard (a range or finiteness check
   * inside an engine): input the schema should have refused. Must be 0.
   */
  readonly guardErrors: number;
  /** Scenarios with at least one impossible figure. */
  readonly impossible: number;
  /** Counts by kind of problem (`ttft_ms is negative`), and one example document each. */
  readonly problems: ReadonlyMap<string, { count: number; example: readonly string[] }>;
};

/**
 * An engine's internal check (a range, a finite number, a positive integer, a registered
 * metric), as opposed to an answer in words about the design.
 */
export function isGuardError(message: string): boolean {
  return /must be a (number|finite|positive|whole|an even)|must be an? (even )?integer|not finite|finite number|is NaN|is -?Infinity|not a known|is not registered/.test(
    message,
  );
}

function problemKey(text: string): string {
  return text.replace(/\s*\(.*$/, '');
}

/**
 * Evaluate `count` random valid scenarios and tally what is impossible.
 * @param onProgress - called with the number evaluated so far, every 10,000
 */
export function fuzzScenarios(
  seed: number,
  count: number,
  onProgress?: (evaluated: number) => void,
): ScenarioFuzzReport {
  const gen = validScenarios(seed, count);
  const problems = new Map<string, { count: number; example: readonly string[] }>();
  const note = (key: string, example: readonly string[]) => {
    const p = problems.get(key);
    if (p) p.count++;
    else problems.set(key, { count: 1, example });
  };
  let evaluated = 0;
  let engineAnswers = 0;
  let guardErrors = 0;
  let impossible = 0;
  let refused = 0;
  for (;;) {
    const next = gen.next();
    if (next.done) {
      refused = next.value.refused;
      break;
    }
    const { scenario, mutations } = next.value;
    if (onProgress && evaluated > 0 && evaluated % 10_000 === 0) onProgress(evaluated);
    const base = `${scenario.workload.kind} ${scenario.cluster.compute.acceleratorId}`;
    const doc = [base, ...mutations];
    evaluated++;
    let result: EvaluationResult;
    try {
      result = evaluate(scenario);
    } catch (e) {
      const msg = (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
      const guard = isGuardError(msg);
      if (guard) guardErrors++;
      else engineAnswers++;
      const shape = msg.replace(/-?\d[\d.e+-]*/g, 'N').slice(0, 120);
      note(`${guard ? 'GUARD' : 'answer'}: ${shape}`, doc);
      continue;
    }
    const found = impossibleOutputs(result);
    if (found.length > 0) {
      impossible++;
      for (const f of new Set(found.map(problemKey))) note(f, doc);
    }
  }
  return { evaluated, refusedBySchema: refused, engineAnswers, guardErrors, impossible, problems };
}
