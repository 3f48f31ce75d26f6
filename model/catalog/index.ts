import { ACCELERATORS, ACCELERATOR_SOURCES, getAccelerator } from './accelerators';
import type { Accelerator } from './accelerators';
import {
  acceleratorPowerOf,
  acceleratorPowerItems,
  cableItems,
  cpuItems,
  driveItems,
  nicItems,
  transceiverItems,
} from './components';
import { cloudPriceItems } from './cloud';
import {
  colocationItems,
  constructionItems,
  coolingItems,
  electricityItems,
  facilityPresetItems,
  gridCarbonItems,
} from './facility';
import { switchItems } from './network';
import { NESTED_NUMBER_FIELDS, catalogKinds, kindSchemas } from './schemas';
import type { CatalogItemOf, CatalogKind } from './schemas';
import type { Source, SourcedNumber } from './sourced';
import { powerSources } from './powerSources';
import { catalogSources } from './sources';
import { storageSystemItems } from './storage';
import { systemItems } from './systems';
import type { UserCatalog } from './user';

/**
 * The catalog API: load (zod-validated), look up by kind and id, list, and merge the user's
 * entries over the built-in catalog. Lookups of unknown ids throw naming the kind, the id and
 * the known ids. Build the catalog once and reuse it (lookups are Map reads).
 */

export * from './schemas';
export { catalogSources } from './sources';
export { userCatalogSchema, userEntrySchema, type UserCatalog, type UserEntry } from './user';
export { dramWPerGb } from './components';
export { platformSystem } from './platform';
export { defaultCloudPriceByAccelerator } from './cloud';
export { SOURCE_DATES } from './build';
export { catalogCurrencies, usdPerCurrencyUnit } from './fx';
/**
 * The built-in accelerators (dense peaks, HBM, TDP, ...) are ./accelerators' table, re-exported
 * here; in a catalog they are the `accelerator` kind, which user entries edit and extend
 * (`acceleratorIn`).
 */
export { ACCELERATORS, ACCELERATOR_SOURCES, acceleratorIds, getAccelerator } from './accelerators';
export type { Accelerator } from './accelerators';
export type { Basis, Source, SourcedNumber } from './sourced';

/** Raw item lists by kind (plain data). */
export type CatalogData = { readonly [K in CatalogKind]: readonly CatalogItemOf[K][] };

/** A loaded catalog: items by kind and id, the source index, and which items are user entries. */
export type Catalog = {
  readonly items: { readonly [K in CatalogKind]: ReadonlyMap<string, CatalogItemOf[K]> };
  readonly sources: ReadonlyMap<string, Source>;
  /** `kind:id` of every item added or overridden by the user. */
  readonly userItems: ReadonlySet<string>;
};

/** The built-in data, as shipped. */
export const builtinCatalogData: CatalogData = {
  accelerator: ACCELERATORS,
  system: systemItems,
  cpu: cpuItems,
  acceleratorPower: acceleratorPowerItems,
  nic: nicItems,
  switch: switchItems,
  transceiver: transceiverItems,
  cable: cableItems,
  drive: driveItems,
  storageSystem: storageSystemItems,
  cooling: coolingItems,
  facilityPreset: facilityPresetItems,
  electricity: electricityItems,
  gridCarbon: gridCarbonItems,
  colocation: colocationItems,
  construction: constructionItems,
  cloudPrice: cloudPriceItems,
};

/** The pseudo-source that user numbers cite. */
export const USER_SOURCE: Source = {
  id: 'user',
  title: 'User entry (saved with the scenario)',
  url: '',
  kind: 'user',
};

function isSourcedNumber(v: unknown): v is SourcedNumber {
  return typeof v === 'object' && v !== null && 'value' in v && 'sources' in v && 'basis' in v;
}

/** Every sourced number in an item, with its dotted field path. */
export function sourcedNumbersOf(item: unknown, prefix = ''): { path: string; n: SourcedNumber }[] {
  const out: { path: string; n: SourcedNumber }[] = [];
  if (typeof item !== 'object' || item === null) return out;
  for (const [k, v] of Object.entries(item)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isSourcedNumber(v)) out.push({ path, n: v });
    else if (typeof v === 'object' && v !== null) out.push(...sourcedNumbersOf(v, path));
  }
  return out;
}

function formatIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  return issues.map((i) => `${i.path.map(String).join('.') || '(item)'}: ${i.message}`).join('; ');
}

/**
 * Validate catalog data and index it. Throws naming the kind, id and field of the first
 * invalid item, a duplicate id, or a number citing a source missing from the index.
 * @param data - item lists by kind (default: the built-in catalog)
 * @param sources - the source index (default: the built-in index)
 * @param options - `trusted`: index without validating (built-in data only, validated by tests)
 */
export function loadCatalog(
  data: CatalogData = builtinCatalogData,
  sources: readonly Source[] = catalogSources,
  options: { readonly trusted?: boolean } = {},
): Catalog {
  const sourceMap = new Map<string, Source>(ACCELERATOR_SOURCES.map((s) => [s.id, s]));
  for (const s of powerSources) sourceMap.set(s.id, s);
  for (const s of sources) sourceMap.set(s.id, s);
  sourceMap.set(USER_SOURCE.id, USER_SOURCE);
  const items = {} as { [K in CatalogKind]: Map<string, CatalogItemOf[K]> };
  for (const kind of catalogKinds) {
    const map = new Map<string, unknown>();
    for (const raw of data[kind]) {
      if (options.trusted) {
        // Built-in data: validated by the unit tests (loadCatalog() must equal the trusted load).
        const item = raw as { id: string };
        map.set(item.id, item);
        continue;
      }
      const parsed = kindSchemas[kind].safeParse(raw);
      const rawId = (raw as { id?: unknown }).id;
      if (!parsed.success) {
        throw new Error(
          `catalog ${kind} "${String(rawId)}" is invalid: ${formatIssues(parsed.error.issues)}`,
        );
      }
      const item = parsed.data;
      if (map.has(item.id)) throw new Error(`catalog ${kind} id "${item.id}" appears twice`);
      for (const { path, n } of sourcedNumbersOf(item)) {
        for (const sid of n.sources) {
          if (!sourceMap.has(sid))
            throw new Error(
              `catalog ${kind} "${item.id}" field ${path} cites unknown source "${sid}"`,
            );
        }
      }
      map.set(item.id, item);
    }
    (items as Record<string, Map<string, unknown>>)[kind] = map;
  }
  return { items, sources: sourceMap, userItems: new Set() };
}

let builtinCache: Catalog | undefined;

/**
 * The built-in catalog, loaded once. Its data ship with the app and are validated by the unit
 * tests (`loadCatalog()` with validation must give the same catalog), so start-up skips the
 * zod parse. User entries are always validated (`mergeUserCatalog`).
 */
export function builtinCatalog(): Catalog {
  if (!builtinCache)
    builtinCache = loadCatalog(builtinCatalogData, catalogSources, { trusted: true });
  return builtinCache;
}

/** The item of `kind` with `id`, or undefined. */
export function findItem<K extends CatalogKind>(
  catalog: Catalog,
  kind: K,
  id: string,
): CatalogItemOf[K] | undefined {
  return catalog.items[kind].get(id);
}

/** The item of `kind` with `id`; throws naming the kind, the unknown id and the known ids. */
export function getItem<K extends CatalogKind>(
  catalog: Catalog,
  kind: K,
  id: string,
): CatalogItemOf[K] {
  const item = catalog.items[kind].get(id);
  if (!item) {
    const known = [...catalog.items[kind].keys()].join(', ');
    throw new Error(`unknown ${kind} id "${id}" (known: ${known})`);
  }
  return item;
}

/** Every item of a kind, in catalog order. */
export function listItems<K extends CatalogKind>(
  catalog: Catalog,
  kind: K,
): readonly CatalogItemOf[K][] {
  return [...catalog.items[kind].values()];
}

/**
 * The accelerator a catalog holds under `id` (a user entry's edits and additions included), else
 * the built-in table's by id or research-catalog id (`nvidia-h100-sxm5`).
 * @throws Error naming the id when neither knows it
 */
export function acceleratorIn(catalog: Catalog, id: string): Accelerator {
  return catalog.items.accelerator.get(id) ?? getAccelerator(id);
}

/** True when the item was added or overridden by a user entry. */
export function isUserItem(catalog: Catalog, kind: CatalogKind, id: string): boolean {
  return catalog.userItems.has(`${kind}:${id}`);
}

/** The value at a dotted field path of an item (`denseTflops.bf16`). */
function atPath(item: unknown, field: string): unknown {
  let v: unknown = item;
  for (const k of field.split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * Units of optional numbers no built-in item holds yet (measured idle and fan power of systems,
 * an accelerator's typical and idle power): the unit their name states.
 */
const OPTIONAL_FIELD_UNITS: Readonly<Record<string, string>> = {
  idleW: 'W',
  fanMaxW: 'W',
  idlePowerW: 'W',
  typicalPowerW: 'W',
};

/** Unit of each numeric field per kind, from the built-in items (for plain user numbers). */
export function unitOfField(kind: CatalogKind, field: string): string {
  for (const item of builtinCatalogData[kind]) {
    const v = atPath(item, field);
    if (isSourcedNumber(v)) return v.unit;
  }
  return OPTIONAL_FIELD_UNITS[field] ?? '';
}

/** True when the built-in items of `kind` hold `field` as a plain number (a count), not sourced. */
function isPlainNumberField(kind: CatalogKind, field: string): boolean {
  for (const item of builtinCatalogData[kind]) {
    const v = atPath(item, field);
    if (v !== undefined) return typeof v === 'number';
  }
  return false;
}

/** True when `field` is a nested number of `kind` a user entry sets by its dotted name. */
function isNestedNumberField(kind: CatalogKind, field: string): boolean {
  return NESTED_NUMBER_FIELDS[kind]?.includes(field) === true;
}

/**
 * Merge user entries over a catalog. An entry with the id of an existing item overrides the
 * fields it names (the rest stay as catalogued); a new id adds an item, which must then give
 * every required field. Numbers become `{ sources: ['user'], basis: 'user', soft: false, date }`.
 * Throws naming the entry (kind, id) and field when the merged item is invalid.
 * @returns a new catalog; the input is not changed
 */
export function mergeUserCatalog(catalog: Catalog, user: UserCatalog): Catalog {
  if (user.entries.length === 0) return catalog;
  // Evaluations call this once per run with the same entries: reuse the last merge (so the
  // power/cost stage's per-build cache keeps hitting) when the entries are unchanged.
  const key = JSON.stringify(user.entries);
  if (lastMerge && lastMerge.base === catalog && lastMerge.key === key) return lastMerge.merged;
  const merged = mergeEntries(catalog, user);
  lastMerge = { base: catalog, key, merged };
  return merged;
}

let lastMerge: { base: Catalog; key: string; merged: Catalog } | undefined;

function mergeEntries(catalog: Catalog, user: UserCatalog): Catalog {
  const items = {} as Record<CatalogKind, Map<string, unknown>>;
  for (const kind of catalogKinds) {
    items[kind] = new Map<string, unknown>(catalog.items[kind] as ReadonlyMap<string, unknown>);
  }
  const userItems = new Set(catalog.userItems);
  user.entries.forEach((entry, i) => {
    const kind = entry.kind as CatalogKind;
    const existing = items[kind].get(entry.id) as Record<string, unknown> | undefined;
    const merged: Record<string, unknown> = { ...(existing ?? {}), id: entry.id };
    for (const [field, v] of Object.entries(entry.fields)) {
      if (
        typeof v === 'number' ||
        (typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          'value' in v &&
          typeof v.value === 'number')
      ) {
        const plain =
          typeof v === 'number'
            ? { value: v }
            : (v as { value: number; unit?: string; note?: string });
        if (isPlainNumberField(kind, field)) {
          // A count (`gpusPerNode`, `scaleOutPorts`): stays a plain number.
          merged[field] = plain.value;
          continue;
        }
        const prev = atPath(merged, field);
        const unit = plain.unit ?? (isSourcedNumber(prev) ? prev.unit : unitOfField(kind, field));
        const note = plain.note ?? (entry.source ? entry.source : undefined);
        const n: SourcedNumber = {
          value: plain.value,
          unit,
          sources: ['user'],
          date: entry.date,
          basis: 'user',
          soft: false,
        };
        const value = note === undefined ? n : { ...n, note };
        if (isNestedNumberField(kind, field)) {
          // `denseTflops.bf16`: replace that number, keep the parent's others.
          const dot = field.indexOf('.');
          const parent = field.slice(0, dot);
          const was = merged[parent];
          merged[parent] = {
            ...(typeof was === 'object' && was !== null ? was : {}),
            [field.slice(dot + 1)]: value,
          };
        } else merged[field] = value;
      } else {
        merged[field] = v;
      }
    }
    if (merged.name === undefined) merged.name = entry.id;
    const parsed = kindSchemas[kind].safeParse(merged);
    if (!parsed.success) {
      throw new Error(
        `userCatalog.entries[${i}] (${kind} "${entry.id}") is invalid: ${formatIssues(parsed.error.issues)}`,
      );
    }
    items[kind].set(entry.id, parsed.data);
    userItems.add(`${kind}:${entry.id}`);
  });
  // An accelerator's power figures follow its (edited or new) entry, unless the user gave its
  // power entry too (the same derivation as the built-in ones: components.ts).
  for (const entry of user.entries) {
    if (entry.kind !== 'accelerator') continue;
    const setsPower =
      !catalog.items.acceleratorPower.has(entry.id) ||
      'tdpW' in entry.fields ||
      'idlePowerW' in entry.fields;
    if (!setsPower) continue;
    if (user.entries.some((e) => e.kind === 'acceleratorPower' && e.id === entry.id)) continue;
    const a = items.accelerator.get(entry.id) as Accelerator;
    items.acceleratorPower.set(entry.id, acceleratorPowerOf(a));
    userItems.add(`acceleratorPower:${entry.id}`);
  }
  return { items: items as unknown as Catalog['items'], sources: catalog.sources, userItems };
}
