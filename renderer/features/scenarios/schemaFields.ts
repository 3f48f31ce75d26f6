import type { z } from 'zod';
import { scenarioSchema } from '../../../model/scenario';
import { fieldText } from './fieldText';

/**
 * Field metadata derived from the scenario's zod schema, so a field added to a section in
 * model/scenario/*.ts appears in the editor without UI changes: the kind of input, the allowed
 * range (zod 4's `minValue`/`maxValue`/`isInt`), enum values, whether `auto` or `null` is
 * allowed, and the default. Labels and units come from fieldText.ts (hand-written where that
 * reads better, else from the field name's unit suffix or the unit the schema's own error
 * message names).
 */

export type FieldValueKind =
  | {
      readonly type: 'number';
      readonly int: boolean;
      readonly min: number | null;
      readonly max: number | null;
    }
  | { readonly type: 'enum'; readonly options: readonly (string | number)[] }
  | { readonly type: 'boolean' }
  | { readonly type: 'string' };

type Common = {
  /** Path in the scenario document, e.g. `['cluster','compute','gpus']`. */
  readonly path: readonly string[];
  readonly key: string;
  readonly label: string;
  /** May be absent (the engine or the catalog fills it in). */
  readonly optional: boolean;
  /** May be null (documented fallback). */
  readonly nullable: boolean;
  /** The schema's default, when it has one. */
  readonly defaultValue: unknown;
  readonly hasDefault: boolean;
};

export type FieldNode = Common & {
  readonly kind: 'field';
  readonly unit: string;
  readonly value: FieldValueKind;
  /** `"auto"` is allowed (the engine chooses). */
  readonly auto: boolean;
};

export type ObjectNode = Common & {
  readonly kind: 'object';
  readonly children: readonly SchemaNode[];
  /** `"auto"` or this object (e.g. `workload.parallelism`). */
  readonly auto: boolean;
};

export type VariantNode = Common & {
  readonly kind: 'variant';
  readonly discriminator: string;
  readonly branches: readonly { readonly value: string; readonly node: ObjectNode }[];
};

export type SchemaNode = FieldNode | ObjectNode | VariantNode;

type Def = {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly defaultValue?: unknown;
  readonly options?: readonly z.ZodType[];
  readonly values?: readonly unknown[];
  readonly discriminator?: string;
  readonly error?: (iss: unknown) => unknown;
  readonly shape?: Record<string, z.ZodType>;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

type Unwrapped = {
  readonly inner: z.ZodType;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
};

/** Peel default/prefault/optional/nullable wrappers, remembering what they allow. */
function unwrap(schema: z.ZodType): Unwrapped {
  let inner = schema;
  let optional = false;
  let nullable = false;
  let hasDefault = false;
  let defaultValue: unknown = undefined;
  for (;;) {
    const def = defOf(inner);
    if ((def.type === 'default' || def.type === 'prefault') && def.innerType) {
      if (!hasDefault) {
        hasDefault = true;
        defaultValue = def.defaultValue;
      }
      inner = def.innerType;
    } else if (def.type === 'optional' && def.innerType) {
      optional = true;
      inner = def.innerType;
    } else if (def.type === 'nullable' && def.innerType) {
      nullable = true;
      inner = def.innerType;
    } else break;
  }
  return { inner, optional, nullable, hasDefault, defaultValue };
}

function isAutoLiteral(schema: z.ZodType): boolean {
  const def = defOf(schema);
  return def.type === 'literal' && def.values?.length === 1 && def.values[0] === 'auto';
}

function errorText(schema: z.ZodType): string {
  const def = defOf(schema);
  try {
    const m = def.error?.({});
    return typeof m === 'string' ? m : '';
  } catch {
    return '';
  }
}

/** The kind of a scalar schema, or null when it is not a scalar. */
function scalarKind(schema: z.ZodType): FieldValueKind | null {
  const def = defOf(schema);
  const s = schema as unknown as {
    minValue?: number | null;
    maxValue?: number | null;
    isInt?: boolean;
    options?: readonly string[];
  };
  switch (def.type) {
    case 'number':
      return {
        type: 'number',
        int: s.isInt === true,
        min: typeof s.minValue === 'number' && Number.isFinite(s.minValue) ? s.minValue : null,
        max: typeof s.maxValue === 'number' && Number.isFinite(s.maxValue) ? s.maxValue : null,
      };
    case 'enum':
      return { type: 'enum', options: s.options ?? [] };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string' };
    case 'literal':
      return { type: 'enum', options: (def.values ?? []) as (string | number)[] };
    case 'union': {
      // A union of literals (e.g. ZeRO stage 0 | 1 | 2 | 3) is an enum.
      const opts = def.options ?? [];
      if (opts.every((o) => defOf(o).type === 'literal')) {
        return {
          type: 'enum',
          options: opts.flatMap((o) => (defOf(o).values ?? []) as (string | number)[]),
        };
      }
      return null;
    }
    default:
      return null;
  }
}

/** Fields the editor never shows as form fields (handled elsewhere or informational). */
const SKIPPED = new Set(['schemaVersion', 'name', 'userCatalog', 'preset', 'optimizer']);

/**
 * Describe a schema at `path` as a tree of form nodes (null for what the form cannot edit).
 * @param schema - a zod schema (the scenario's or one of its sections)
 * @param path - where it sits in the scenario document
 */
export function describeSchema(schema: z.ZodType, path: readonly string[]): SchemaNode | null {
  const key = path[path.length - 1] ?? '';
  const u = unwrap(schema);
  const def = defOf(u.inner);
  const text = fieldText(path, errorText(u.inner));
  const common: Common = {
    path,
    key,
    label: text.label,
    optional: u.optional,
    nullable: u.nullable,
    defaultValue: u.defaultValue,
    hasDefault: u.hasDefault,
  };
  if (def.type === 'object' && def.shape) {
    return { ...common, kind: 'object', auto: false, children: objectChildren(def.shape, path) };
  }
  if (def.type === 'union') {
    const opts = def.options ?? [];
    if (def.discriminator) {
      const disc = def.discriminator;
      const branches: { value: string; node: ObjectNode }[] = [];
      for (const o of opts) {
        const shape = defOf(o).shape;
        const d = shape?.[disc];
        const value = d ? (defOf(d).values?.[0] as string | undefined) : undefined;
        if (!shape || value === undefined) continue;
        branches.push({
          value,
          node: {
            ...common,
            kind: 'object',
            auto: false,
            children: objectChildren(shape, path).filter((c) => c.key !== disc),
          },
        });
      }
      return { ...common, kind: 'variant', discriminator: disc, branches };
    }
    const auto = opts.some(isAutoLiteral);
    const rest = opts.filter((o) => !isAutoLiteral(o));
    if (auto && rest.length === 1) {
      const only = rest[0] as z.ZodType;
      const onlyDef = defOf(only);
      if (onlyDef.type === 'object' && onlyDef.shape) {
        return {
          ...common,
          kind: 'object',
          auto: true,
          children: objectChildren(onlyDef.shape, path),
        };
      }
      const k = scalarKind(only);
      if (k) {
        const t = fieldText(path, errorText(only));
        return { ...common, kind: 'field', unit: t.unit, value: k, auto: true };
      }
      return null;
    }
  }
  const k = scalarKind(u.inner);
  if (!k) return null;
  return { ...common, kind: 'field', unit: text.unit, value: k, auto: false };
}

/**
 * The whole scenario as form nodes, described once on first use (the editor describes one
 * section at a time with `schemaAt`; this is for what needs every field).
 */
let scenarioRoot: ObjectNode | null = null;
export function scenarioFormRoot(): ObjectNode {
  scenarioRoot ??= describeSchema(scenarioSchema, []) as ObjectNode;
  return scenarioRoot;
}

/**
 * The sub-schema at `path` (through objects only; null past anything else), so one part of the
 * scenario can be described without describing the rest: `describeSchema(schemaAt(s, p), p)`
 * equals the node at `p` of `describeSchema(s, [])`.
 */
export function schemaAt(schema: z.ZodType, path: readonly string[]): z.ZodType | null {
  let cur: z.ZodType = schema;
  for (const key of path) {
    const shape = defOf(unwrap(cur).inner).shape;
    const next = shape?.[key];
    if (!next || SKIPPED.has(key)) return null;
    cur = next;
  }
  return cur;
}

function objectChildren(shape: Record<string, z.ZodType>, path: readonly string[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const [k, child] of Object.entries(shape)) {
    if (SKIPPED.has(k)) continue;
    const node = describeSchema(child, [...path, k]);
    if (node) out.push(node);
  }
  return out;
}

/** The value at `path` in a document (undefined when absent). */
export function getIn(doc: unknown, path: readonly (string | number)[]): unknown {
  let cur: unknown = doc;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

/**
 * A starting value for an object node (used when the user switches a variant or turns on an
 * optional block): schema defaults where there are any, the lower bound (at least 1) for
 * required numbers, the first option of required enums. The schema then reports anything the
 * user must still fill in.
 */
export function skeletonOf(node: ObjectNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of node.children) {
    if (c.hasDefault || c.optional || c.nullable) continue;
    if (c.kind === 'field') {
      if (c.value.type === 'number') out[c.key] = Math.max(c.value.min ?? 1, 1);
      else if (c.value.type === 'enum') out[c.key] = c.value.options[0];
      else if (c.value.type === 'boolean') out[c.key] = false;
      else out[c.key] = '';
    } else if (c.kind === 'object') {
      out[c.key] = skeletonOf(c);
    } else {
      const first = c.branches[0];
      if (first) out[c.key] = { [c.discriminator]: first.value, ...skeletonOf(first.node) };
    }
  }
  return out;
}

/** Every field node under a node, depth first (for tests and issue matching). */
export function fieldsOf(node: SchemaNode): FieldNode[] {
  if (node.kind === 'field') return [node];
  if (node.kind === 'object') return node.children.flatMap(fieldsOf);
  return node.branches.flatMap((b) => fieldsOf(b.node));
}
