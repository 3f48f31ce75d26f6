import type { Basis, SourcedNumber } from '../catalog';
import type { DefaultSource } from '../scenario';

/**
 * Where a value of the resolved build comes from. Every value the engines read from a
 * `ResolvedBuild` carries one, and the report's assumptions list is exactly these values:
 * - `catalog`: a catalog item's sourced number (kind, id, field; its sources, date and basis;
 *   `user` when a user catalog entry set it);
 * - `scenario`: a scenario field at `path`: set in the file (a user override), or, when the file
 *   leaves it out, its documented `default` (the document tells which: `setInDocument`);
 * - `default`: a documented default of the app (its source, date and basis), for `path`;
 * - `derived`: computed by a stated rule from other values of the build (their keys in `from`).
 */
export type Provenance =
  | {
      readonly kind: 'catalog';
      /** `kind:id` of the catalog item, e.g. `system:dgx-h100`. */
      readonly item: string;
      /** Field inside the item, e.g. `priceUsd`. */
      readonly field: string;
      readonly sources: readonly string[];
      readonly date: string;
      readonly basis: Basis;
      readonly soft: boolean;
      readonly note?: string;
      /** Set by a user catalog entry (saved with the scenario). */
      readonly user: boolean;
    }
  | {
      readonly kind: 'scenario';
      readonly path: string;
      /** The field's documented default, used when the file leaves the field out. */
      readonly default?: DefaultSource;
    }
  | { readonly kind: 'default'; readonly path: string; readonly source: DefaultSource }
  | { readonly kind: 'derived'; readonly rule: string; readonly from: readonly string[] };

/** The sections of a build, in the order the report lists them. */
export type BuildSection =
  'accelerator' | 'system' | 'network' | 'storage' | 'facility' | 'finance';

/**
 * One value of the resolved build: the key is its dotted path in the build (`facility.pue`),
 * so what an engine reads and what the report lists are the same thing.
 */
export type BuildAssumption = {
  readonly key: string;
  readonly section: BuildSection;
  /** What it is, in words (`Power usage effectiveness`). */
  readonly label: string;
  readonly value: number | string;
  /** Unit in words (`kW`, `EUR/kWh`, `1`); '' for a name or a count without unit. */
  readonly unit: string;
  readonly prov: Provenance;
};

/** Provenance of a catalog number. */
export function fromCatalog(
  kind: string,
  id: string,
  field: string,
  n: SourcedNumber,
  user: boolean,
): Provenance {
  return n.note === undefined
    ? {
        kind: 'catalog',
        item: `${kind}:${id}`,
        field,
        sources: n.sources,
        date: n.date,
        basis: n.basis,
        soft: n.soft,
        user,
      }
    : {
        kind: 'catalog',
        item: `${kind}:${id}`,
        field,
        sources: n.sources,
        date: n.date,
        basis: n.basis,
        soft: n.soft,
        note: n.note,
        user,
      };
}

/** Provenance of a value set in the scenario file at `path`. */
export function fromScenario(path: string): Provenance {
  return { kind: 'scenario', path };
}

/** Provenance of a documented default. */
export function fromDefault(path: string, source: DefaultSource): Provenance {
  return { kind: 'default', path, source };
}

/** Provenance of a value computed by `rule` from other build values (their keys). */
export function derivedFrom(rule: string, from: readonly string[]): Provenance {
  return { kind: 'derived', rule, from };
}

/** True when a scenario document (as written, before defaults) states the dotted `path`. */
export function setInDocument(doc: unknown, path: string): boolean {
  let cur: unknown = doc;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return false;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return false;
    cur = (cur as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * One line in words: where a value comes from (for tooltips and the report).
 * @param doc - the scenario document as written: a scenario field it leaves out is described
 *   by its documented default (without it, scenario fields read "set in the scenario")
 */
export function describeProvenance(
  p: Provenance,
  sourceTitle: (id: string) => string = (id) => id,
  doc?: unknown,
): string {
  switch (p.kind) {
    case 'catalog': {
      const who = p.user ? 'user catalog entry' : 'catalog';
      const src = p.sources.map(sourceTitle).join('; ');
      return `${who} ${p.item} (${p.field}): ${src} (${p.date}, ${p.basis}${p.soft ? ', soft' : ''})`;
    }
    case 'scenario':
      if (doc !== undefined && p.default !== undefined && !setInDocument(doc, p.path))
        return `default: ${p.default.source} (${p.default.date}, ${p.default.basis})`;
      return `set in the scenario (${p.path})`;
    case 'default':
      return `default: ${p.source.source} (${p.source.date}, ${p.source.basis})`;
    case 'derived':
      return `derived: ${p.rule}`;
  }
}
