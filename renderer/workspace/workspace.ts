/**
 * The workspace: the scenarios the user has open, in order, and which one is the baseline.
 * Scenarios are kept as editable documents (what a file holds), so a value a person is still
 * typing, even out of range, is kept and shown with its error rather than lost; the engine
 * validates and evaluates them. Every edit is a pure command: workspace in, workspace out.
 */

import { MAX_OPEN_SCENARIOS } from '../../model/files/limits';
import { followBuildEdit } from '../../model/build';
import type { EditNote } from '../../model/scenario/edits';

/** One open scenario: a stable id (never saved) and its document (saved). */
export type ScenarioDraft = {
  readonly id: string;
  readonly doc: Readonly<Record<string, unknown>>;
};

export type Workspace = {
  readonly scenarios: readonly ScenarioDraft[];
  /** Id of the scenario deltas are measured against, or null when none is open. */
  readonly baselineId: string | null;
};

/**
 * At most this many scenarios side by side: the one limit shared with the file reader
 * (model/files/limits.ts `MAX_OPEN_SCENARIOS`).
 */
export const MAX_SCENARIOS = MAX_OPEN_SCENARIOS;

export const EMPTY_WORKSPACE: Workspace = { scenarios: [], baselineId: null };

function nameOf(doc: Readonly<Record<string, unknown>>): string {
  return typeof doc.name === 'string' ? doc.name : 'Scenario';
}

/** A name not yet used in the workspace: `base`, else `base (2)`, `base (3)`, ... */
export function uniqueName(ws: Workspace, base: string): string {
  const taken = new Set(ws.scenarios.map((s) => nameOf(s.doc)));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base} (${i})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Add a scenario at the end; the first one becomes the baseline. Refused past the limit. */
export function addScenario(
  ws: Workspace,
  id: string,
  doc: Readonly<Record<string, unknown>>,
): Workspace {
  if (ws.scenarios.length >= MAX_SCENARIOS) return ws;
  if (ws.scenarios.some((s) => s.id === id)) throw new Error(`scenario id "${id}" is already open`);
  const named = { ...doc, name: uniqueName(ws, nameOf(doc)) };
  return {
    scenarios: [...ws.scenarios, { id, doc: named }],
    baselineId: ws.baselineId ?? id,
  };
}

/** Copy a scenario right after itself, named "<name> copy". */
export function duplicateScenario(ws: Workspace, sourceId: string, newId: string): Workspace {
  const index = ws.scenarios.findIndex((s) => s.id === sourceId);
  const source = ws.scenarios[index];
  if (!source || ws.scenarios.length >= MAX_SCENARIOS) return ws;
  const copy: ScenarioDraft = {
    id: newId,
    doc: { ...structuredCloneJson(source.doc), name: uniqueName(ws, `${nameOf(source.doc)} copy`) },
  };
  const scenarios = [...ws.scenarios];
  scenarios.splice(index + 1, 0, copy);
  return { ...ws, scenarios };
}

/**
 * Duplicate-with-change: a copy of a scenario right after it, named `name` (made unique), with
 * one field changed as the editor changes it (the follow-on edits that keep the build valid,
 * model/scenario/edits.ts, with their notes; with `follow` false, that field only): one step.
 * Refused past the limit.
 */
export function duplicateWithChange(
  ws: Workspace,
  sourceId: string,
  newId: string,
  path: readonly (string | number)[],
  value: unknown,
  name: string,
  follow = true,
): { readonly ws: Workspace; readonly notes: readonly EditNote[] } {
  const copied = duplicateScenario(ws, sourceId, newId);
  if (copied === ws) return { ws, notes: [] };
  const edited = follow
    ? editScenarioField(copied, newId, path, value)
    : { ws: setScenarioField(copied, newId, path, value), notes: [] };
  return { ws: renameScenario(edited.ws, newId, name), notes: edited.notes };
}

/**
 * Add scenario documents (a file's) after the open ones, as many as the limit allows, each
 * named uniquely; the baseline stays. `ids` are the new scenarios' ids, one per document.
 * @returns the workspace and how many documents were added (the rest did not fit)
 */
export function mergeScenarios(
  ws: Workspace,
  docs: readonly Readonly<Record<string, unknown>>[],
  ids: readonly string[],
): { readonly ws: Workspace; readonly added: number } {
  let out = ws;
  let added = 0;
  for (let i = 0; i < docs.length && out.scenarios.length < MAX_SCENARIOS; i++) {
    const id = ids[i];
    if (id === undefined) throw new Error('mergeScenarios needs one id per document');
    out = addScenario(out, id, structuredCloneJson(docs[i]!));
    added += 1;
  }
  return { ws: out, added };
}

/** Rename; an empty name is kept as typed (the schema reports it) but never a duplicate. */
export function renameScenario(ws: Workspace, id: string, name: string): Workspace {
  const others: Workspace = { ...ws, scenarios: ws.scenarios.filter((s) => s.id !== id) };
  const unique = name === '' ? name : uniqueName(others, name);
  return {
    ...ws,
    scenarios: ws.scenarios.map((s) =>
      s.id === id ? { ...s, doc: { ...s.doc, name: unique } } : s,
    ),
  };
}

/** Close a scenario; if it was the baseline, the first remaining one becomes the baseline. */
export function deleteScenario(ws: Workspace, id: string): Workspace {
  const scenarios = ws.scenarios.filter((s) => s.id !== id);
  if (scenarios.length === ws.scenarios.length) return ws;
  const baselineId = ws.baselineId === id ? (scenarios[0]?.id ?? null) : ws.baselineId;
  return { scenarios, baselineId };
}

/** Move a scenario to a position (clamped to the list). */
export function moveScenario(ws: Workspace, id: string, toIndex: number): Workspace {
  const from = ws.scenarios.findIndex((s) => s.id === id);
  if (from < 0) return ws;
  const to = Math.max(0, Math.min(ws.scenarios.length - 1, Math.trunc(toIndex)));
  if (to === from) return ws;
  const scenarios = [...ws.scenarios];
  const [moved] = scenarios.splice(from, 1);
  scenarios.splice(to, 0, moved!);
  return { ...ws, scenarios };
}

/** Mark a scenario as the baseline (ignored for an id that is not open). */
export function setBaseline(ws: Workspace, id: string): Workspace {
  return ws.scenarios.some((s) => s.id === id) ? { ...ws, baselineId: id } : ws;
}

/**
 * Set one field of a scenario's document by path (`['cluster','compute','gpus']`), creating
 * objects on the way; arrays are indexed by number. The value is stored as given.
 */
export function setScenarioField(
  ws: Workspace,
  id: string,
  path: readonly (string | number)[],
  value: unknown,
): Workspace {
  if (path.length === 0) throw new Error('setScenarioField needs a non-empty path');
  if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    throw new Error(`refusing to set the field path ${path.join('.')}`);
  }
  return {
    ...ws,
    scenarios: ws.scenarios.map((s) =>
      s.id === id ? { ...s, doc: setIn(s.doc, path, value) } : s,
    ),
  };
}

/**
 * An editor's edit of one field: the value set as `setScenarioField` does, plus the follow-on
 * changes that keep the build valid (model/scenario/edits.ts, model/build/edits.ts), with their notes.
 */
export function editScenarioField(
  ws: Workspace,
  id: string,
  path: readonly (string | number)[],
  value: unknown,
): { readonly ws: Workspace; readonly notes: readonly EditNote[] } {
  const draft = ws.scenarios.find((s) => s.id === id);
  if (!draft) return { ws, notes: [] };
  const plain = setScenarioField(ws, id, path, value);
  const { doc, notes } = followBuildEdit(draft.doc, path, value);
  if (notes.length === 0 && doc === draft.doc) return { ws: plain, notes };
  return {
    ws: {
      ...ws,
      scenarios: ws.scenarios.map((s) => (s.id === id ? { ...s, doc } : s)),
    },
    notes,
  };
}

/** Replace a scenario's whole document (e.g. a preset applied to it). */
export function replaceScenarioDoc(
  ws: Workspace,
  id: string,
  doc: Readonly<Record<string, unknown>>,
): Workspace {
  return { ...ws, scenarios: ws.scenarios.map((s) => (s.id === id ? { ...s, doc } : s)) };
}

function setIn(
  target: unknown,
  path: readonly (string | number)[],
  value: unknown,
): Readonly<Record<string, unknown>> {
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] = Array.isArray(target)
    ? [...(target as unknown[])]
    : target !== null && typeof target === 'object'
      ? { ...(target as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const key = head!;
  const current = (container as Record<string | number, unknown>)[key];
  (container as Record<string | number, unknown>)[key] =
    rest.length === 0 ? value : setIn(current, rest, value);
  return container as Readonly<Record<string, unknown>>;
}

/** Deep copy of JSON data (scenario documents hold only JSON values). */
export function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Invariants every workspace keeps; returns the first broken one, or null. */
export function checkWorkspace(ws: Workspace): string | null {
  const ids = ws.scenarios.map((s) => s.id);
  if (new Set(ids).size !== ids.length) return 'duplicate scenario ids';
  if (ws.scenarios.length > MAX_SCENARIOS) return `more than ${MAX_SCENARIOS} scenarios`;
  if (ws.scenarios.length === 0 && ws.baselineId !== null) return 'baseline set with no scenarios';
  if (ws.scenarios.length > 0 && !ids.includes(ws.baselineId ?? '')) return 'baseline is not open';
  const names = ws.scenarios.map((s) => nameOf(s.doc)).filter((n) => n !== '');
  if (new Set(names).size !== names.length) return 'duplicate scenario names';
  return null;
}
