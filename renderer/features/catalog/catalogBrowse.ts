import { z } from 'zod';
import { checkUserCatalog, userFieldBounds } from '../../../model/scenario/userCatalog';
import {
  NESTED_NUMBER_FIELDS,
  builtinCatalog,
  catalogKinds,
  findItem,
  isUserItem,
  kindSchemas,
  listItems,
  mergeUserCatalog,
  platformSystem,
  unitOfField,
  sourcedNumbersOf,
  userEntrySchema,
  type Catalog,
  type CatalogKind,
  type UserCatalog,
  type UserEntry,
} from '../../../model/catalog';
import {
  sourcedNumberSchema,
  type Source,
  type SourcedNumber,
} from '../../../model/catalog/sourced';

/**
 * Pure helpers of the catalog page: rows for every catalog entry (all kinds, accelerators
 * included), search and filter, the editable fields of a kind, and building a user entry from
 * the form with validation issues that name the field. Unit-tested in test/renderer/catalog/.
 */

/** Every kind the page lists: the catalog's kinds (accelerators first). */
export type BrowseKind = CatalogKind;

export const KIND_LABELS: Readonly<Record<BrowseKind, string>> = {
  accelerator: 'Accelerator',
  system: 'System',
  cpu: 'CPU',
  acceleratorPower: 'Accelerator power',
  nic: 'NIC',
  switch: 'Switch',
  transceiver: 'Transceiver',
  cable: 'Cable',
  drive: 'Drive',
  storageSystem: 'Storage system',
  cooling: 'Cooling type',
  facilityPreset: 'Facility preset',
  electricity: 'Electricity price',
  gridCarbon: 'Grid carbon',
  colocation: 'Colocation price',
  construction: 'Construction cost',
  cloudPrice: 'Cloud GPU price',
};

/** One catalog entry as the page lists it. */
export type CatalogRow = {
  /** `kind:id`, unique. */
  readonly key: string;
  readonly kind: BrowseKind;
  readonly id: string;
  readonly name: string;
  readonly vendor: string;
  /** Added or overridden by a user entry (user-sourced numbers). */
  readonly user: boolean;
  /** Every sourced number with its dotted field path. */
  readonly numbers: readonly { readonly path: string; readonly n: SourcedNumber }[];
};

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Rows of every entry of a catalog, kind by kind in catalog order (accelerators first). */
export function catalogRows(catalog: Catalog): CatalogRow[] {
  const rows: CatalogRow[] = [];
  for (const kind of catalogKinds) {
    for (const item of listItems(catalog, kind)) {
      const rec = item as unknown as Record<string, unknown>;
      rows.push({
        key: `${kind}:${item.id}`,
        kind,
        id: item.id,
        name: str(rec['name']) || item.id,
        vendor: str(rec['vendor']),
        user: isUserItem(catalog, kind, item.id),
        numbers: sourcedNumbersOf(item),
      });
    }
  }
  return rows;
}

/** Search filters: free text (every word must match), a kind, only user entries, only soft. */
export type CatalogFilter = {
  readonly query: string;
  readonly kind: BrowseKind | 'all';
  readonly userOnly?: boolean;
};

/** The text a row is searched by: kind, id, name, vendor, field paths and units. */
function haystack(r: CatalogRow): string {
  return [
    KIND_LABELS[r.kind],
    r.kind,
    r.id,
    r.name,
    r.vendor,
    ...r.numbers.map((x) => `${x.path} ${x.n.unit}`),
    r.user ? 'user' : '',
  ]
    .join(' ')
    .toLowerCase();
}

/** Rows matching the filter (case-insensitive; every word of the query must occur). */
export function filterRows(rows: readonly CatalogRow[], filter: CatalogFilter): CatalogRow[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(
    (r) =>
      (filter.kind === 'all' || r.kind === filter.kind) &&
      (!filter.userOnly || r.user) &&
      words.every((w) => haystack(r).includes(w)),
  );
}

/** The sources a number cites, resolved in the catalog's source index (unknown ids kept). */
export function sourcesOf(n: SourcedNumber, index: ReadonlyMap<string, Source>): readonly Source[] {
  return n.sources.map(
    (id) => index.get(id) ?? { id, title: `Unknown source "${id}"`, url: '', kind: 'unknown' },
  );
}

/** The key of the parts choice (`PARTS_FROM`), for the labels below. */
const PARTS_FROM_KEY = 'partsFrom';

/** Labels of the catalog's text and choice fields, and of numbers without a range label. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  vendor: 'Vendor',
  notes: 'Notes',
  acceleratorId: 'Accelerator',
  form: 'Form factor',
  cooling: 'Chassis cooling',
  coolingType: 'Cooling type',
  fabric: 'Fabric',
  role: 'Role',
  medium: 'Medium',
  region: 'Region',
  currency: 'Currency (ISO code)',
  provider: 'Provider',
  pricing: 'Pricing',
  idleW: 'Idle power',
  fanMaxW: 'Fan power at full speed',
  tdpW: 'TDP',
  // Accelerators.
  scaleUpFabric: 'Scale-up fabric',
  denseTflops: 'Dense peak',
  hbmGB: 'HBM capacity',
  hbmTBps: 'HBM bandwidth',
  scaleUpGBpsBidirectional: 'Scale-up bandwidth (both directions)',
  scaleUpDomainGpus: 'Scale-up domain',
  typicalPowerW: 'Typical power under load',
  idlePowerW: 'Idle power',
  priceUsd: 'Price',
  // Systems.
  [PARTS_FROM_KEY]: 'CPUs, NICs, optics and drives as in',
};

/**
 * A catalog field in words: the label of its physical range (model/scenario/userCatalog.ts
 * USER_FIELD_BOUNDS: `usdPerGpuHour` → "Cloud price"), else a hand-written one
 * (`acceleratorId` → "Accelerator"), else the key's words.
 */
export function catalogFieldLabel(kind: BrowseKind, field: string): string {
  const hand = FIELD_LABELS[field];
  if (hand !== undefined) return hand;
  // Nested peaks keep their hand-written form (`Dense peak BF16`) below.
  const bounds = field.includes('.') ? null : userFieldBounds(kind, field);
  if (bounds) return bounds.label.charAt(0).toUpperCase() + bounds.label.slice(1);
  // Nested numbers (`denseTflops.bf16`): the parent's label and the key (`Dense peak BF16`).
  const dot = field.indexOf('.');
  if (dot > 0)
    return `${catalogFieldLabel(kind, field.slice(0, dot))} ${field.slice(dot + 1).toUpperCase()}`;
  const words = field
    .split('.')
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The catalog entries of an accelerator a user entry can override or add: its power (TDP,
 * idle), the platform it is bought as (catalog/platform.ts, air-cooled first) and its cloud
 * price (an existing one, else a new on-demand entry for it).
 */
export function acceleratorParts(
  catalog: Catalog,
  acceleratorId: string,
): { label: string; kind: CatalogKind; id: string; fields?: Record<string, string> }[] {
  const out: { label: string; kind: CatalogKind; id: string; fields?: Record<string, string> }[] =
    [];
  if (findItem(catalog, 'acceleratorPower', acceleratorId))
    out.push({ label: 'Edit its power…', kind: 'acceleratorPower', id: acceleratorId });
  const platform = platformSystem(listItems(catalog, 'system'), acceleratorId, false);
  if (platform)
    out.push({ label: `Edit its platform (${platform.name})…`, kind: 'system', id: platform.id });
  else out.push(newSystemPart(catalog, acceleratorId));
  const cloud = listItems(catalog, 'cloudPrice').find((c) => c.acceleratorId === acceleratorId);
  out.push(
    cloud
      ? { label: 'Edit its cloud price…', kind: 'cloudPrice', id: cloud.id }
      : {
          label: 'Add a cloud price…',
          kind: 'cloudPrice',
          id: `user-${acceleratorId}-cloud`,
          fields: { acceleratorId, pricing: 'on-demand' },
        },
  );
  return out;
}

/**
 * A system's facts that are not sourced numbers, in words (the detail shows them above its
 * numbers): the accelerator it holds and how many, form factor, chassis cooling, ports and its
 * bill of parts by catalog name (`2 × Intel Xeon Platinum 8480C`). Empty for other kinds.
 */
export function systemFacts(
  catalog: Catalog,
  kind: CatalogKind,
  id: string,
): { label: string; value: string }[] {
  if (kind !== 'system') return [];
  const sys = findItem(catalog, 'system', id);
  if (!sys) return [];
  const nameOf = (k: CatalogKind, x: string): string =>
    (findItem(catalog, k, x) as { name?: string } | undefined)?.name ?? x;
  const parts = (k: CatalogKind, list: readonly { id: string; count: number }[]): string =>
    list.length === 0 ? 'none' : list.map((p) => `${p.count} × ${nameOf(k, p.id)}`).join('; ');
  return [
    { label: 'Accelerator', value: nameOf('accelerator', sys.acceleratorId) },
    { label: catalogFieldLabel('system', 'gpusPerNode'), value: String(sys.gpusPerNode) },
    { label: catalogFieldLabel('system', 'form'), value: optionLabel('form', sys.form) },
    { label: catalogFieldLabel('system', 'cooling'), value: optionLabel('cooling', sys.cooling) },
    {
      label: catalogFieldLabel('system', 'scaleOutPorts'),
      value: `${sys.scaleOutPorts} × ${sys.scaleOutGbps} Gb/s`,
    },
    { label: catalogFieldLabel('system', 'storagePorts'), value: String(sys.storagePorts) },
    { label: 'CPUs', value: parts('cpu', [sys.cpus]) },
    { label: 'NICs', value: parts('nic', sys.nics) },
    { label: 'Node-side optics', value: parts('transceiver', sys.nodeTransceivers) },
    { label: 'Drives', value: parts('drive', sys.drives) },
  ];
}

/**
 * The part "Add its system…" of an accelerator no catalog system holds: a new system entry for
 * it (a server, air-cooled, named after the accelerator) whose numbers the user gives.
 */
function newSystemPart(
  catalog: Catalog,
  acceleratorId: string,
): { label: string; kind: CatalogKind; id: string; fields: Record<string, string> } {
  const name = findItem(catalog, 'accelerator', acceleratorId)?.name ?? acceleratorId;
  return {
    label: 'Add its system…',
    kind: 'system',
    id: `${acceleratorId}-system`,
    fields: { name: `${name} server`, acceleratorId, form: 'server', cooling: 'air' },
  };
}

/**
 * Choices of a field whose value is another catalog entry's id (an accelerator, the scenario's
 * own user accelerators included).
 */
export function fieldChoices(
  field: string,
  catalog: Catalog = builtinCatalog(),
): readonly { id: string; label: string }[] | null {
  if (field === PARTS_FROM)
    return listItems(catalog, 'system').map((x) => ({ id: x.id, label: x.name }));
  if (field !== 'acceleratorId') return null;
  return listItems(catalog, 'accelerator').map((a) => ({ id: a.id, label: a.name }));
}

/**
 * The form's choice of a system whose bill of parts a system entry copies (`SYSTEM_PARTS`: its
 * CPUs, NICs, node-side optics and drives, each a catalog item with its own sources). Not a
 * catalog field: `buildUserEntry` writes the parts into the entry instead.
 */
export const PARTS_FROM = PARTS_FROM_KEY;

/** The lists of catalog items (id and count) a system is built from. */
export const SYSTEM_PARTS = ['cpus', 'nics', 'nodeTransceivers', 'drives'] as const;

/** Labels of the options of choice fields, where the option itself is a key. */
const OPTION_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // A system's form factor and chassis cooling.
  form: { server: 'Server (a chassis of GPUs)', rack: 'Rack-scale system (one node per rack)' },
  cooling: { air: 'Air-cooled chassis', liquid: 'Liquid-cooled chassis (direct to chip)' },
  scaleUpFabric: {
    nvlink: 'NVLink / NVSwitch',
    'infinity-fabric': 'AMD Infinity Fabric',
    roce: 'On-chip RoCE (Gaudi)',
    pcie: 'PCIe only',
  },
};

/** An option of a choice field in words (`infinity-fabric` → "AMD Infinity Fabric"). */
export function optionLabel(field: string, option: string): string {
  return OPTION_LABELS[field]?.[option] ?? option;
}

/** A field the user-entry form offers for a kind. */
export type EditableField =
  | {
      readonly name: string;
      /** What the form shows: the field's label, never its key. */
      readonly label: string;
      readonly type: 'number';
      readonly unit: string;
      readonly required: boolean;
    }
  | {
      readonly name: string;
      readonly label: string;
      readonly type: 'text';
      readonly required: boolean;
    }
  | {
      readonly name: string;
      readonly label: string;
      readonly type: 'enum';
      readonly options: readonly string[];
      readonly required: boolean;
    };

/**
 * Fields of a kind a user entry can set: sourced numbers (entered as plain numbers, saved as
 * user-sourced), plain counts and rates (a system's GPUs per node, scale-out ports and line
 * rate: saved as plain numbers, in the unit of their physical range), text and choice fields.
 * A system's bill of parts (CPUs, NICs, optics, drives) is copied from a catalog system chosen
 * in `PARTS_FROM`; an override that leaves it unset keeps the parts as catalogued.
 */
export function editableFields(kind: CatalogKind): EditableField[] {
  const shape = (kindSchemas[kind] as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const out: EditableField[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    if (name === 'id') continue;
    let s: z.ZodType = schema;
    let required = true;
    if (s instanceof z.ZodOptional) {
      required = false;
      s = s.unwrap() as z.ZodType;
    }
    const nested = (NESTED_NUMBER_FIELDS[kind] ?? []).filter((f) => f.startsWith(`${name}.`));
    if (nested.length > 0) {
      // Nested numbers (an accelerator's dense peak per precision), each by its dotted name.
      const inner = (s as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const f of nested) {
        const child = inner[f.slice(name.length + 1)];
        out.push({
          name: f,
          label: catalogFieldLabel(kind, f),
          type: 'number',
          unit: unitOfField(kind, f),
          required: required && !(child instanceof z.ZodOptional),
        });
      }
      continue;
    }
    const label = catalogFieldLabel(kind, name);
    if (s === sourcedNumberSchema)
      out.push({ name, label, type: 'number', unit: unitOfField(kind, name), required });
    else if (s instanceof z.ZodNumber)
      out.push({
        name,
        label,
        type: 'number',
        unit: userFieldBounds(kind, name)?.unit ?? '',
        required,
      });
    else if (s instanceof z.ZodString) out.push({ name, label, type: 'text', required });
    else if (s instanceof z.ZodEnum)
      out.push({ name, label, type: 'enum', options: s.options.map(String), required });
  }
  if (kind === 'system') {
    // Beside the chassis cooling: required of a new system (the merge names it); an override
    // keeps its parts.
    const at = out.findIndex((f) => f.name === 'cooling') + 1;
    out.splice(at, 0, {
      name: PARTS_FROM,
      label: catalogFieldLabel(kind, PARTS_FROM),
      type: 'text',
      required: false,
    });
  }
  return out;
}

/** What the form holds: text as typed, numbers as numbers (NaN = empty). */
export type EntryDraft = {
  readonly kind: CatalogKind;
  readonly id: string;
  readonly date: string;
  readonly source: string;
  /** Field values; empty strings and NaN are "not set". */
  readonly fields: Readonly<Record<string, string | number>>;
  /**
   * Values the form does not show, kept as the edited entry gives them (a system's lists of
   * parts); a parts choice (`PARTS_FROM`) replaces those lists.
   */
  readonly extra?: Readonly<Record<string, unknown>>;
};

/** A validation issue naming the form field (`id`, `date`, `fields.priceUsd`, ...). */
export type EntryIssue = { readonly field: string; readonly message: string };

/**
 * Build a user entry from the form and check it: against `userEntrySchema`, then merged over
 * the built-in catalog with the scenario's other entries (an entry for a new id must give every
 * required field; an override may give only the fields it changes). Fields left empty are not
 * part of the entry.
 * @param others - the scenario's other user entries (the entry being edited excluded)
 */
export function buildUserEntry(
  draft: EntryDraft,
  others: readonly UserEntry[],
  base: Catalog = builtinCatalog(),
): { ok: true; entry: UserEntry } | { ok: false; issues: EntryIssue[] } {
  const fields: Record<string, unknown> = { ...(draft.extra ?? {}) };
  for (const [k, v] of Object.entries(draft.fields)) {
    if (typeof v === 'number' ? Number.isFinite(v) : v.trim() !== '') {
      fields[k] = typeof v === 'string' ? v.trim() : v;
    }
  }
  const partsFrom = fields[PARTS_FROM];
  delete fields[PARTS_FROM];
  if (draft.kind === 'system' && typeof partsFrom === 'string') {
    const from = findItem(catalogForEntries(others).catalog, 'system', partsFrom);
    if (!from) {
      return {
        ok: false,
        issues: [{ field: `fields.${PARTS_FROM}`, message: `no catalog system "${partsFrom}"` }],
      };
    }
    for (const part of SYSTEM_PARTS) fields[part] = structuredClone(from[part]);
  }
  const parsed = userEntrySchema.safeParse({
    kind: draft.kind,
    id: draft.id.trim(),
    date: draft.date.trim(),
    source: draft.source.trim(),
    fields,
  });
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({
        field: i.path.map(String).join('.') || 'entry',
        message: i.message,
      })),
    };
  }
  const entry = parsed.data;
  if (others.some((o) => o.kind === entry.kind && o.id === entry.id)) {
    return {
      ok: false,
      issues: [
        {
          field: 'id',
          message: `this scenario already has a user entry for ${entry.kind} "${entry.id}"`,
        },
      ],
    };
  }
  // A number outside its physical range is named in words (as the file reader does) before
  // the catalog's own schema check, whose message would be in its terms.
  const ranged = checkUserCatalog({ entries: [...others, entry] });
  if (!ranged.ok) {
    const mine = ranged.issues.filter(
      (i) => i.path[2] === others.length && i.path[3] === 'fields' && typeof i.path[4] === 'string',
    );
    if (mine.length > 0)
      return {
        ok: false,
        issues: mine.map((i) => ({ field: `fields.${String(i.path[4])}`, message: i.message })),
      };
  }
  try {
    mergeUserCatalog(base, { entries: [...others, entry] });
  } catch (e) {
    return {
      ok: false,
      issues: partsIssues(
        mergeIssues(e instanceof Error ? e.message : String(e), entry.kind as CatalogKind),
      ),
    };
  }
  // The checks a scenario file gets at load (model/scenario/userCatalog.ts): each number within
  // its physical range, idle power at most the maximum. Shown on the form's own fields.
  const checked = checkUserCatalog({ entries: [...others, entry] });
  if (!checked.ok) {
    const mine = checked.issues.filter((i) => i.path[2] === others.length);
    if (mine.length > 0) {
      return {
        ok: false,
        issues: mine.map((i) =>
          i.path[3] === 'fields' && typeof i.path[4] === 'string'
            ? { field: `fields.${i.path[4]}`, message: i.message }
            : { field: 'entry', message: i.message },
        ),
      };
    }
  }
  return { ok: true, entry };
}

/**
 * A new system's missing lists of parts as one issue on the parts choice (the form has no field
 * per list), said in words.
 */
function partsIssues(issues: readonly EntryIssue[]): EntryIssue[] {
  const lists = new Set<string>(SYSTEM_PARTS.map((p) => `fields.${p}`));
  const rest = issues.filter((i) => !lists.has(i.field));
  return rest.length === issues.length
    ? rest
    : [
        ...rest,
        {
          field: `fields.${PARTS_FROM}`,
          message:
            'required for a new system: choose the catalog system whose CPUs, NICs, optics and drives it has',
        },
      ];
}

/**
 * Issues from a `mergeUserCatalog` error (`… is invalid: field: message; field: message`),
 * each naming its form field (`fields.<name>`); a missing required field reads "required".
 */
export function mergeIssues(message: string, kind?: CatalogKind): EntryIssue[] {
  const nested = kind === undefined ? [] : (NESTED_NUMBER_FIELDS[kind] ?? []);
  const at = message.indexOf('is invalid: ');
  if (at < 0) return [{ field: 'entry', message }];
  return message
    .slice(at + 'is invalid: '.length)
    .split('; ')
    .map((part) => {
      const colon = part.indexOf(': ');
      const path = colon < 0 ? '' : part.slice(0, colon);
      const text = colon < 0 ? part : part.slice(colon + 2);
      // A nested number the form offers by its dotted name (`denseTflops.bf16`), else the field.
      const field =
        nested.find((f) => path === f || path.startsWith(`${f}.`)) ?? path.split('.')[0] ?? '';
      return {
        field: field === '' || field === '(item)' ? 'entry' : `fields.${field}`,
        message: /received undefined/.test(text) ? 'required for a new entry' : text,
      };
    });
}

/** The draft that edits an existing user entry (or starts one overriding a built-in item). */
export function draftFromEntry(entry: UserEntry): EntryDraft {
  const fields: Record<string, string | number> = {};
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry.fields)) {
    if (typeof v === 'number' || typeof v === 'string') fields[k] = v;
    else if (v && typeof v === 'object' && !Array.isArray(v) && typeof v['value'] === 'number')
      fields[k] = v['value'];
    else extra[k] = v;
  }
  return {
    kind: entry.kind as CatalogKind,
    id: entry.id,
    date: entry.date,
    source: entry.source,
    fields,
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/** A scenario's user entries (from its document; tolerant of a missing or odd section). */
export function userEntriesOf(doc: Readonly<Record<string, unknown>>): UserEntry[] {
  const parsed = z
    .object({ entries: z.array(userEntrySchema).default([]) })
    .safeParse(doc['userCatalog'] ?? {});
  return parsed.success ? parsed.data.entries : [];
}

/** The catalog a scenario sees: built-in, with its user entries merged (built-in if invalid). */
export function catalogForEntries(entries: readonly UserEntry[]): {
  catalog: Catalog;
  error: string | null;
} {
  const user: UserCatalog = { entries: [...entries] };
  try {
    return { catalog: mergeUserCatalog(builtinCatalog(), user), error: null };
  } catch (e) {
    return { catalog: builtinCatalog(), error: e instanceof Error ? e.message : String(e) };
  }
}
