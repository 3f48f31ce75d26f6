import { z } from 'zod';
import { builtinCatalog, findItem, listItems, mergeUserCatalog } from '../catalog';
import type { Catalog } from '../catalog';
import { NESTED_NUMBER_FIELDS, catalogKinds, kindSchemas } from '../catalog/schemas';
import type { CatalogKind } from '../catalog/schemas';
import { userEntrySchema } from '../catalog/user';
import type { UserCatalog } from '../catalog/user';

/**
 * The scenario's user catalog entries, checked when the file is read, each problem named by the
 * entry's path (`userCatalog.entries[0].fields.tdpW`): unknown keys anywhere (`entires`,
 * `tdpw`, `priceUSD`), a number outside its field's physical range, a `unit` other than the
 * field's own (values are not converted: the message says which unit to give), and an entry the
 * catalog then refuses (a new item missing a required field, an idle power above the maximum).
 * Without this the catalog merge ignored unknown keys and failed later under engine names.
 */

/** A user number's physical range, in the unit the catalog stores it in. */
export type UserFieldBounds = {
  readonly unit: string;
  readonly min: number;
  readonly max: number;
  /** What the field is, in words (for messages). */
  readonly label: string;
  /** Whole numbers only (counts). */
  readonly int?: boolean;
  /** Even whole numbers only (a switch's radix splits into down and up ports). */
  readonly even?: boolean;
};

/** Unit marker of a price in the entry's own currency per kWh. */
const CURRENCY_UNIT = '<currency>/kWh';

const b = (unit: string, min: number, max: number, label: string, int = false) =>
  ({ unit, min, max, label, ...(int ? { int } : {}) }) as const;

/**
 * Physical ranges of the numbers a user entry may give, per kind and field, in the catalog's
 * units. Generous (they admit every real product and then some) but never negative, never
 * zero where the engine divides by the value, and bounded so no product overflows.
 */
export const USER_FIELD_BOUNDS: Readonly<
  Record<CatalogKind, Readonly<Record<string, UserFieldBounds>>>
> = {
  accelerator: {
    'denseTflops.fp16': b('TFLOP/s', 0.1, 100_000, 'dense peak FP16'),
    'denseTflops.bf16': b('TFLOP/s', 0.1, 100_000, 'dense peak BF16'),
    'denseTflops.fp8': b('TFLOP/s', 0.1, 100_000, 'dense peak FP8'),
    'denseTflops.fp4': b('TFLOP/s', 0.1, 100_000, 'dense peak FP4'),
    hbmGB: b('GB', 1, 100_000, 'HBM capacity'),
    hbmTBps: b('TB/s', 0.01, 1000, 'HBM bandwidth'),
    tdpW: b('W', 10, 10_000, 'TDP'),
    typicalPowerW: b('W', 1, 10_000, 'typical power under load'),
    idlePowerW: b('W', 0, 10_000, 'idle power'),
    scaleUpGBpsBidirectional: b('GB/s', 1, 1_000_000, 'scale-up bandwidth (both directions)'),
    scaleUpDomainGpus: b('GPUs', 1, 1024, 'scale-up domain', true),
    priceUsd: b('USD', 0, 1e7, 'price'),
  },
  system: {
    gpusPerNode: b('', 1, 1024, 'accelerators per node', true),
    heightU: b('U', 1, 60, 'height'),
    ratedPowerW: b('W', 100, 1_000_000, 'rated power'),
    dimmMemoryGb: b('GB', 0, 65_536, 'DIMM memory'),
    platformW: b('W', 0, 100_000, 'platform power'),
    psuEfficiency: b('1', 0.5, 1, 'PSU efficiency'),
    scaleOutPorts: b('', 0, 1024, 'scale-out ports', true),
    scaleOutGbps: b('Gb/s', 1, 6400, 'scale-out line rate'),
    fabricHostsPerNode: b('', 1, 256, 'fabric hosts per node', true),
    storagePorts: b('', 0, 64, 'storage ports', true),
    priceUsd: b('USD', 0, 1e8, 'price'),
  },
  cpu: {
    cores: b('cores', 1, 1024, 'cores'),
    tdpW: b('W', 1, 2000, 'TDP'),
    idleW: b('W', 0, 2000, 'idle power'),
  },
  acceleratorPower: {
    tdpW: b('W', 10, 10_000, 'TDP'),
    idleW: b('W', 0, 10_000, 'idle power'),
  },
  nic: {
    gbps: b('Gb/s', 1, 6400, 'line rate'),
    ports: b('', 1, 8, 'ports', true),
    powerW: b('W', 0, 1000, 'power'),
    priceUsd: b('USD', 0, 1e5, 'price'),
  },
  switch: {
    radix: { ...b('ports', 4, 4096, 'radix', true), even: true },
    portGbps: b('Gb/s', 1, 6400, 'port rate'),
    heightU: b('U', 1, 60, 'height'),
    typicalPowerW: b('W', 0, 100_000, 'typical power'),
    priceUsd: b('USD', 0, 1e7, 'price'),
  },
  transceiver: {
    gbps: b('Gb/s', 1, 6400, 'line rate'),
    portsPerModule: b('', 1, 8, 'ports per module', true),
    powerW: b('W', 0, 200, 'power'),
    priceUsd: b('USD', 0, 1e5, 'price'),
  },
  cable: {
    powerW: b('W', 0, 100, 'power'),
    priceUsd: b('USD', 0, 1e5, 'price'),
  },
  drive: {
    capacityTb: b('TB', 0.01, 1000, 'capacity'),
    readGBps: b('GB/s', 0.01, 100, 'read bandwidth'),
    writeGBps: b('GB/s', 0.01, 100, 'write bandwidth'),
    activeW: b('W', 0, 200, 'active power'),
    idleW: b('W', 0, 200, 'idle power'),
    priceUsdPerTb: b('USD/TB', 0, 1e5, 'price per TB'),
  },
  storageSystem: {
    priceUsdPerTb: b('USD/TB', 0, 1e5, 'price per TB'),
    powerWPerTb: b('W/TB', 0, 1000, 'power per TB'),
    readGBpsPerRackUnit: b('GB/s/U', 0.01, 1000, 'read bandwidth per rack unit'),
    usableTbPerRackUnit: b('TB/U', 0.01, 10_000, 'usable capacity per rack unit'),
  },
  cooling: {
    pue: b('1', 1, 3, 'PUE'),
    wueLPerKwh: b('L/kWh', 0, 20, 'water usage'),
    rackLimitKw: b('kW', 1, 400, 'rack power limit'),
    serverFanFraction: b('1', 0, 0.5, 'server fan share'),
  },
  facilityPreset: {
    rackLimitKw: b('kW', 1, 400, 'rack power limit'),
    pue: b('1', 1, 3, 'PUE'),
    floorM2PerRack: b('m2', 0.5, 20, 'floor area per rack'),
  },
  electricity: {
    // The unit is the entry's own currency per kWh (`USD/kWh`, `EUR/kWh`): see CURRENCY_UNIT.
    pricePerKwh: b(CURRENCY_UNIT, 0, 5, 'price per kWh'),
  },
  gridCarbon: {
    gCo2PerKwh: b('gCO2e/kWh', 0, 2000, 'grid carbon intensity'),
  },
  colocation: {
    usdPerKwMonth: b('USD/kW-month', 0, 5000, 'colocation price'),
  },
  construction: {
    usdPerW: b('USD/W', 0, 100, 'construction cost'),
  },
  cloudPrice: {
    usdPerGpuHour: b('USD/GPU-h', 0.01, 1000, 'cloud price'),
  },
};

/**
 * A user number in words for messages: the kind's words and the field's label ("cable power",
 * "accelerator power TDP"), the kind left out where the label already says it ("cloud price").
 */
function fieldWords(kind: CatalogKind, bounds: UserFieldBounds): string {
  const kindWords = kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return bounds.label.includes(kindWords) ? bounds.label : `${kindWords} ${bounds.label}`;
}

/** The bounds of one user number, or null when the field is not a number the user may set. */
export function userFieldBounds(kind: CatalogKind, field: string): UserFieldBounds | null {
  return USER_FIELD_BOUNDS[kind]?.[field] ?? null;
}

/**
 * The fields an entry of `kind` may set (every item field but its id; a nested number by its
 * dotted name, `denseTflops.bf16`, instead of its parent object).
 */
export function userFields(kind: CatalogKind): string[] {
  const shape = (kindSchemas[kind] as unknown as { shape: Record<string, unknown> }).shape;
  const nested = NESTED_NUMBER_FIELDS[kind] ?? [];
  const parents = new Set(nested.map((f) => f.slice(0, f.indexOf('.'))));
  const out: string[] = [];
  for (const k of Object.keys(shape)) {
    if (k === 'id') continue;
    if (parents.has(k)) out.push(...nested.filter((f) => f.startsWith(`${k}.`)));
    else out.push(k);
  }
  return out;
}

/**
 * The user catalog as a scenario holds it: the catalog's entry schema made strict (an unknown
 * key is an error, not ignored), so `entires` or a misspelt entry key is caught at load.
 */
export const scenarioUserCatalogSchema = z
  .strictObject({
    entries: z
      .array(
        z.strictObject({
          ...userEntrySchema.shape,
          // As the catalog's, but a `{ value, unit, note }` number keeps any misspelt key (it
          // then fails the field check below) instead of losing it to a non-strict object.
          fields: z
            .record(
              z.string(),
              z.union([
                z.number().finite(),
                z.strictObject({
                  value: z.number().finite(),
                  unit: z.string().optional(),
                  note: z.string().optional(),
                }),
                z.string(),
                z.boolean(),
                z.array(z.unknown()),
                z.record(z.string(), z.unknown()),
              ]),
            )
            .default({}),
        }),
      )
      .default([]),
  })
  .default({ entries: [] });

/** One problem with its path inside the scenario (`['userCatalog','entries',0,...]`). */
export type CatalogIssue = { readonly path: (string | number)[]; readonly message: string };

function fmt(n: number): string {
  return Math.abs(n) >= 1e5 ? n.toExponential().replace('e+', 'e') : String(n);
}

function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return known.find((k) => k.toLowerCase() === lower);
}

/** The currency of an electricity entry: its own `currency` field, else the catalog item's, else USD. */
function entryCurrency(entry: UserCatalog['entries'][number]): string {
  const own = entry.fields['currency'];
  if (typeof own === 'string') return own;
  const item = findItem(builtinCatalog(), 'electricity', entry.id);
  return item?.currency ?? 'USD';
}

/** Problems of each entry's own fields: names, number form, unit and range. */
function fieldIssues(entries: UserCatalog['entries']): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  entries.forEach((entry, i) => {
    const kind = entry.kind as CatalogKind;
    const known = userFields(kind);
    for (const [field, v] of Object.entries(entry.fields)) {
      const path = ['userCatalog', 'entries', i, 'fields', field];
      if (!known.includes(field)) {
        const hint = closest(field, known);
        issues.push({
          path,
          message: `is not a field of ${kind}${hint ? ` (did you mean "${hint}"?)` : ''}; its fields are ${known.join(', ')}`,
        });
        continue;
      }
      const bounds = userFieldBounds(kind, field);
      if (bounds === null) continue;
      let value: unknown = v;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        const o = v as Record<string, unknown>;
        const extra = Object.keys(o).filter((k) => !['value', 'unit', 'note'].includes(k));
        if (extra.length > 0) {
          issues.push({
            path: [...path, extra[0]!],
            message: 'is not a known key (value, unit, note)',
          });
          continue;
        }
        if (bounds.unit === '') {
          issues.push({
            path,
            message: `must be a plain number (${fieldWords(kind, bounds)} has no unit)`,
          });
          continue;
        }
        value = o['value'];
        const unit = o['unit'];
        const expected =
          bounds.unit === CURRENCY_UNIT ? `${entryCurrency(entry)}/kWh` : bounds.unit;
        if (unit !== undefined && unit !== expected) {
          issues.push({
            path: [...path, 'unit'],
            message: `must be "${expected}" (the catalog's unit of ${fieldWords(kind, bounds)}); values are not converted, give the ${bounds.label} in ${expected}`,
          });
          continue;
        }
      }
      const shownUnit = bounds.unit === CURRENCY_UNIT ? `${entryCurrency(entry)}/kWh` : bounds.unit;
      const unitText = shownUnit && shownUnit !== '1' ? ` ${shownUnit}` : '';
      const range = `${bounds.even ? 'an even integer' : bounds.int ? 'an integer' : 'a number'} from ${fmt(bounds.min)} to ${fmt(bounds.max)}${unitText}`;
      if (
        typeof value !== 'number' ||
        !Number.isFinite(value) ||
        value < bounds.min ||
        value > bounds.max ||
        (bounds.int === true && !Number.isInteger(value)) ||
        (bounds.even === true && value % 2 !== 0)
      ) {
        issues.push({ path, message: `must be ${range} (${fieldWords(kind, bounds)})` });
      }
    }
  });
  return issues;
}

/** Cross-field rules of merged items the item schemas do not state. */
function itemIssues(catalog: Catalog, entries: UserCatalog['entries']): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  entries.forEach((entry, i) => {
    const kind = entry.kind as CatalogKind;
    const item = findItem(catalog, kind, entry.id) as
      Record<string, { value?: number }> | undefined;
    if (!item) return;
    const pairs: [string, string][] =
      kind === 'drive'
        ? [['idleW', 'activeW']]
        : kind === 'cpu' || kind === 'acceleratorPower'
          ? [['idleW', 'tdpW']]
          : kind === 'accelerator'
            ? [['idlePowerW', 'tdpW']]
            : [];
    for (const [low, high] of pairs) {
      const lo = item[low]?.value;
      const hi = item[high]?.value;
      if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
        issues.push({
          path: ['userCatalog', 'entries', i, 'fields', low in entry.fields ? low : high],
          message: `${kind} "${entry.id}": ${low} (${lo}) must not exceed ${high} (${hi})`,
        });
      }
    }
  });
  return issues;
}

/**
 * The catalog a scenario evaluates against (built-in merged with its user entries), or the
 * problems of its user entries, each with its path. Never throws.
 */
export function checkUserCatalog(
  user: UserCatalog,
):
  | { readonly ok: true; readonly catalog: Catalog }
  | { readonly ok: false; readonly issues: CatalogIssue[] } {
  const issues = fieldIssues(user.entries);
  if (issues.length > 0) return { ok: false, issues };
  let catalog: Catalog;
  try {
    catalog = mergeUserCatalog(builtinCatalog(), user);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const m = /^userCatalog\.entries\[(\d+)\] (.*)$/s.exec(message);
    return {
      ok: false,
      issues: [
        m
          ? { path: ['userCatalog', 'entries', Number(m[1])], message: m[2]! }
          : { path: ['userCatalog'], message },
      ],
    };
  }
  const cross = itemIssues(catalog, user.entries);
  return cross.length > 0 ? { ok: false, issues: cross } : { ok: true, catalog };
}

/** Ids of items of `kind` in a catalog (for messages). */
export function catalogIds(catalog: Catalog, kind: CatalogKind): string[] {
  return listItems(catalog, kind).map((x) => (x as { id: string }).id);
}

export { catalogKinds };
