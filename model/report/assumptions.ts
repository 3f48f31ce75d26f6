import { DEFAULT_SOURCES } from '../scenario/defaultSources';
import {
  builtinCatalog,
  findItem,
  getAccelerator,
  isUserItem,
  mergeUserCatalog,
  sourcedNumbersOf,
} from '../catalog';
import type { Catalog, CatalogKind } from '../catalog';
import type { Scenario } from '../scenario';

/**
 * The assumptions table: every input of every scenario with its value, unit, where it comes
 * from and its date, user-set values marked; then every catalog number the scenarios draw on
 * (accelerator, system, facility items named by id) with its sources and date.
 */

/** One scenario's value of an input. */
export type AssumptionValue = {
  /** The value as the engine used it (defaults filled in); null when absent or null. */
  readonly value: string | number | boolean | null;
  /** Set in the scenario file (a user override) rather than filled in by a default. */
  readonly user: boolean;
};

/** One scenario input (a leaf of the scenario document). */
export type InputAssumption = {
  /** Dotted path, e.g. `cluster.compute.gpus`. */
  readonly path: string;
  readonly unit: string;
  /** One value per scenario, in report order; null where the scenario has no such field. */
  readonly values: readonly (AssumptionValue | null)[];
  /** `Scenario (user)` when any scenario sets it, else `Default` (the app's schema default). */
  readonly source: string;
  /** Date of the value: the report date for user inputs, else `v<app version>` (its defaults). */
  readonly date: string;
};

/** One sourced catalog number used by at least one scenario. */
export type CatalogAssumption = {
  readonly kind: string;
  readonly itemId: string;
  /** Field path inside the item, e.g. `tdpW` or `denseTflops.bf16`. */
  readonly field: string;
  readonly value: number;
  readonly unit: string;
  /** Source titles (with URL when known). */
  readonly sources: readonly string[];
  readonly date: string;
  /** `read` / `derived` / `estimate` / `user`. */
  readonly basis: string;
  readonly soft: boolean;
  /** Overridden or added by a user catalog entry. */
  readonly user: boolean;
  /** Names of the scenarios that use the item. */
  readonly usedBy: readonly string[];
};

/** Keys left out of the inputs table (identity, not assumptions). */
const SKIP_PATHS = new Set(['schemaVersion', 'name', 'description', 'userCatalog']);

/**
 * Unit of a scenario field from its name. Field names carry their unit (model/scenario README:
 * `gbpsPerGpu`, `seqLenTokens`, `fixedOverheadS`); the longest matching suffix wins.
 */
const UNIT_SUFFIXES: readonly (readonly [RegExp, string])[] = [
  [/UsdPerKwh$/, 'USD/kWh'],
  [/UsdPerKwMonth$/, 'USD/kW/month'],
  [/UsdPerKw$/, 'USD/kW'],
  [/UsdPerW$/, 'USD/W'],
  [/UsdPerRack$/, 'USD/rack'],
  [/UsdPerFteYear$/, 'USD/FTE/yr'],
  [/UsdPerGpuYear$/, 'USD/GPU/yr'],
  [/UsdPerYear$/, 'USD/yr'],
  [/PricePerCoreUsd$/, 'USD/core'],
  [/HourUsd$/, 'USD/GPU-h'],
  [/Usd$/, 'USD'],
  [/GPerKwh$/, 'gCO2e/kWh'],
  [/LPerKwh$/, 'L/kWh'],
  [/FractionPerYear$/, 'fraction/yr'],
  [/Fraction$/, 'fraction'],
  [/PerGpuYear$/, '1/GPU-yr'],
  [/PerNodeYear$/, '1/node-yr'],
  [/PerLinkYear$/, '1/link-yr'],
  [/PerSwitchYear$/, '1/switch-yr'],
  [/PerDay$/, '1/day'],
  [/OpsPerS$/, 'ops/s'],
  [/GBpsPerGpu$/, 'GB/s per GPU'],
  [/gbpsPerGpu$/, 'Gb/s per GPU'],
  [/GBps$/, 'GB/s'],
  [/Gbps$/, 'Gb/s'],
  [/TB$/, 'TB'],
  [/MB$/, 'MB'],
  [/Bytes$/, 'bytes'],
  [/BytesPerParameter$/, 'bytes/parameter'],
  [/Kw$/, 'kW'],
  [/W$/, 'W'],
  [/Ms$/, 'ms'],
  [/Min$/, 'min'],
  [/Years$/, 'years'],
  [/Pct$/, '%'],
  [/Tokens$/, 'tokens'],
  [/TokensMean$/, 'tokens'],
  [/Seqs$/, 'sequences'],
  [/Batches$/, 'batches'],
  [/PerS$/, '1/s'],
  [/S$/, 's'],
  [/^gpus$|Gpus$/, 'GPUs'],
  [/PerNode$/, 'per node'],
  [/paramsB$/, 'billion parameters'],
  [/Rate$/, 'fraction/yr'],
  [/Cv$/, 'ratio'],
  [/Ratio$/, 'ratio'],
  [/Units$/, 'U'],
  [/^layers$/, 'layers'],
  [/Heads$/, 'heads'],
  [/Size$/, 'dims'],
  [/Epochs$|^epochs$/, 'epochs'],
  [/^utilization$|^pue$|Ratio$/, 'ratio'],
  [/^tokensToTrain$/, 'tokens'],
  [/^switchRadix$/, 'ports'],
  [/^linksPerGpu$/, 'links/GPU'],
  [/^switchCount$/, 'switches'],
  [/^staffFte$/, 'FTE'],
  [/SecondsPerSample$/, 's/sample'],
  [/^samplesPerFile$/, 'samples'],
  [/^rank$/, 'rank'],
];

/** Unit of a scenario field path, from its last key (empty for enums, flags and counts). */
export function unitOfField(path: string): string {
  const key = path.slice(path.lastIndexOf('.') + 1);
  let best: { len: number; unit: string } | null = null;
  for (const [re, unit] of UNIT_SUFFIXES) {
    const m = re.exec(key);
    if (m && (!best || m[0].length > best.len)) best = { len: m[0].length, unit };
  }
  return best?.unit ?? '';
}

type Leaf = { readonly path: string; readonly value: string | number | boolean | null };

function leaves(v: unknown, prefix: string, out: Leaf[]): void {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (!SKIP_PATHS.has(path)) leaves(x, path, out);
    }
    return;
  }
  if (Array.isArray(v)) {
    out.push({ path: prefix, value: v.length === 0 ? null : JSON.stringify(v) });
    return;
  }
  if (v === null || v === undefined) out.push({ path: prefix, value: null });
  else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') {
    out.push({ path: prefix, value: v });
  } else out.push({ path: prefix, value: String(v as bigint) });
}

/** True when the raw document sets the dotted path (a user value, not a default). */
function setInDoc(doc: unknown, path: string): boolean {
  let cur: unknown = doc;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return false;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return false;
    cur = (cur as Record<string, unknown>)[key];
  }
  return true;
}

/** A scenario as the assumptions table needs it: the parsed scenario and the raw document. */
export type AssumptionScenario = {
  readonly name: string;
  readonly scenario: Scenario;
  /** The document as written (before defaults), to tell user values from defaults. */
  readonly doc: unknown;
  /** The power/cost stage's system id (the system the build uses), when it ran. */
  readonly systemId?: string | null;
};

/**
 * Every input of the scenarios, one row per field path (union over scenarios, first-seen order).
 * @param date - the report date (YYYY-MM-DD), the date of user-set values
 * @param appVersion - the app version whose defaults filled in the rest
 */
export function inputAssumptions(
  scenarios: readonly AssumptionScenario[],
  date: string,
  appVersion: string,
): InputAssumption[] {
  const order: string[] = [];
  const perScenario = scenarios.map((s) => {
    const list: Leaf[] = [];
    leaves(s.scenario, '', list);
    const map = new Map<string, Leaf>();
    for (const l of list) {
      if (!map.has(l.path) && !order.includes(l.path)) order.push(l.path);
      map.set(l.path, l);
    }
    return map;
  });
  return order.map((path) => {
    const values = perScenario.map((map, i): AssumptionValue | null => {
      const leaf = map.get(path);
      if (!leaf) return null;
      return { value: leaf.value, user: setInDoc(scenarios[i]?.doc, path) };
    });
    const anyUser = values.some((v) => v?.user === true);
    // A default with a documented source (model/scenario/defaultSources) names it.
    const def = DEFAULT_SOURCES[path];
    return {
      path,
      unit: unitOfField(path),
      values,
      source: anyUser ? 'Scenario (user)' : def ? `Default: ${def.source}` : 'Default',
      date: anyUser ? date : def ? def.date : `v${appVersion}`,
    };
  });
}

/** Scenario fields that name a catalog item, and the item's kind. */
const ID_FIELDS: readonly (readonly [string, CatalogKind])[] = [
  ['facility.coolingType', 'cooling'],
  ['facility.presetId', 'facilityPreset'],
  ['facility.electricityId', 'electricity'],
  ['facility.carbonId', 'gridCarbon'],
  ['facility.colocationId', 'colocation'],
  ['facility.constructionId', 'construction'],
  ['facility.systemId', 'system'],
];

function at(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function sourceText(catalog: Catalog, id: string): string {
  const s = catalog.sources.get(id);
  if (!s) return id;
  return s.url ? `${s.title} (${s.url})` : s.title;
}

/**
 * Every sourced catalog number the scenarios use: their accelerator, its reference system,
 * and the facility items they name by id (user catalog entries merged over the built-in ones).
 */
export function catalogAssumptions(
  scenarios: readonly AssumptionScenario[],
  base: Catalog = builtinCatalog(),
): CatalogAssumption[] {
  const rows = new Map<string, CatalogAssumption>();
  const add = (
    catalog: Catalog,
    kind: string,
    itemId: string,
    item: unknown,
    user: boolean,
    name: string,
  ): void => {
    for (const { path, n } of sourcedNumbersOf(item)) {
      const key = `${kind}:${itemId}:${path}`;
      const prev = rows.get(key);
      if (prev) {
        if (!prev.usedBy.includes(name)) rows.set(key, { ...prev, usedBy: [...prev.usedBy, name] });
        continue;
      }
      rows.set(key, {
        kind,
        itemId,
        field: path,
        value: n.value,
        unit: n.unit,
        sources: n.sources.map((s) => sourceText(catalog, s)),
        date: n.date,
        basis: n.basis,
        soft: n.soft,
        user: user || n.basis === 'user',
        usedBy: [name],
      });
    }
  };
  for (const s of scenarios) {
    const catalog = mergeUserCatalog(base, s.scenario.userCatalog);
    const accId = at(s.scenario, 'cluster.compute.acceleratorId');
    if (typeof accId === 'string') {
      try {
        add(catalog, 'accelerator', accId, getAccelerator(accId), false, s.name);
      } catch {
        // An unknown accelerator is reported by the scenario's validation, not here.
      }
      const systemId = s.systemId;
      if (typeof systemId === 'string') {
        const item = findItem(catalog, 'system', systemId);
        if (item)
          add(catalog, 'system', systemId, item, isUserItem(catalog, 'system', systemId), s.name);
      }
    }
    for (const [field, kind] of ID_FIELDS) {
      if (kind === 'system') continue;
      const id = at(s.scenario, field);
      if (typeof id !== 'string') continue;
      const item = findItem(catalog, kind, id);
      if (item) add(catalog, kind, id, item, isUserItem(catalog, kind, id), s.name);
    }
  }
  return [...rows.values()];
}
