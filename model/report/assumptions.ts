import { DEFAULT_SOURCES } from '../scenario/defaultSources';
import type { BuildAssumption } from '../build';
import { acceleratorIn, builtinCatalog, mergeUserCatalog, sourcedNumbersOf } from '../catalog';
import type { Catalog } from '../catalog';
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
  [/AfrPerYear$/, '1/drive-yr'],
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
  /** The values of the resolved build the evaluation used, with their provenance. */
  readonly build: readonly BuildAssumption[];
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
 * Every sourced catalog number the evaluations used: the accelerator's entry (the performance
 * engines read its peaks, memory and links) and each catalog value of the resolved build
 * (system, parts, network, storage, facility, prices) exactly as the build recorded it. A value
 * the scenario overrides (an explicit electricity price) is the scenario's, so the catalog
 * number it replaces is not listed.
 */
export function catalogAssumptions(
  scenarios: readonly AssumptionScenario[],
  base: Catalog = builtinCatalog(),
): CatalogAssumption[] {
  const rows = new Map<string, CatalogAssumption>();
  const add = (row: Omit<CatalogAssumption, 'usedBy'>, name: string): void => {
    const key = `${row.kind}:${row.itemId}:${row.field}:${row.value}`;
    const prev = rows.get(key);
    if (prev) {
      if (!prev.usedBy.includes(name)) rows.set(key, { ...prev, usedBy: [...prev.usedBy, name] });
      return;
    }
    rows.set(key, { ...row, usedBy: [name] });
  };
  for (const s of scenarios) {
    const catalog = mergeUserCatalog(base, s.scenario.userCatalog);
    const accId = at(s.scenario, 'cluster.compute.acceleratorId');
    if (typeof accId === 'string') {
      try {
        for (const { path, n } of sourcedNumbersOf(acceleratorIn(catalog, accId))) {
          add(
            {
              kind: 'accelerator',
              itemId: accId,
              field: path,
              value: n.value,
              unit: n.unit,
              sources: n.sources.map((x) => sourceText(catalog, x)),
              date: n.date,
              basis: n.basis,
              soft: n.soft,
              user: n.basis === 'user',
            },
            s.name,
          );
        }
      } catch {
        // An unknown accelerator is reported by the scenario's validation, not here.
      }
    }
    for (const a of s.build) {
      const p = a.prov;
      if (typeof a.value !== 'number') continue;
      if (p.kind === 'default' || p.kind === 'derived') {
        // Documented defaults and rules of the build (tier bandwidth by the SuperPOD guidance,
        // the node's price as built, ...), under their build key.
        add(
          {
            kind: p.kind === 'default' ? 'default' : 'rule',
            itemId: a.key,
            field: a.label,
            value: a.value,
            unit: a.unit,
            sources: [p.kind === 'default' ? p.source.source : p.rule],
            date: p.kind === 'default' ? p.source.date : '',
            basis: p.kind === 'default' ? p.source.basis : 'derived',
            soft: p.kind === 'default' && p.source.basis === 'estimate',
            user: false,
          },
          s.name,
        );
        continue;
      }
      if (p.kind !== 'catalog') continue;
      const [kind = '', ...rest] = p.item.split(':');
      add(
        {
          kind,
          itemId: rest.join(':'),
          field: p.field,
          value: a.value,
          unit: a.unit,
          sources: p.sources.map((x) => sourceText(catalog, x)),
          date: p.date,
          basis: p.basis,
          soft: p.soft,
          user: p.user || p.basis === 'user',
        },
        s.name,
      );
    }
  }
  return [...rows.values()];
}
