import type { StateCreator } from 'zustand';
import {
  canRedo,
  canUndo,
  commit,
  createHistory,
  redo,
  undo,
  type History,
} from '../workspace/history';
import { getTemplate } from '../workspace/templates';
import {
  addScenario,
  deleteScenario,
  duplicateScenario,
  duplicateWithChange,
  editScenarioField,
  EMPTY_WORKSPACE,
  mergeScenarios,
  moveScenario,
  renameScenario,
  replaceScenarioDoc,
  setBaseline,
  setScenarioField,
  structuredCloneJson,
  type Workspace,
} from '../workspace/workspace';
import type { AppState } from './index';
import type { EditNotes } from './uiSlice';

/**
 * The open scenarios with undo/redo. Every edit goes through `apply` with a pure command, so
 * undo/redo covers every edit. `activeId` (which scenario the editor shows) is view state and
 * not part of the history.
 */
export type WorkspaceSlice = {
  history: History<Workspace>;
  activeId: string | null;
  apply: (command: (ws: Workspace) => Workspace) => void;
  undo: () => void;
  redo: () => void;
  canUndo: () => boolean;
  canRedo: () => boolean;
  setActive: (id: string | null) => void;
  /** A new scenario from a template (examples/); returns its id, or null when the workspace is full. */
  addFromTemplate: (templateId: string) => string | null;
  duplicate: (id: string) => string | null;
  /**
   * Duplicate a scenario with one field changed (and the follow-on edits that keep it valid,
   * shown as the copy's edit notes), named `name`, as one undoable step; returns the copy's id,
   * or null when the workspace is full. The copy becomes the active scenario.
   */
  duplicateWithChange: (
    id: string,
    path: readonly (string | number)[],
    value: unknown,
    name: string,
    follow?: boolean,
  ) => string | null;
  /**
   * Add scenario documents (a file's) after the open ones, as one undoable step, as many as
   * fit; returns how many were added. The first added becomes the active scenario.
   */
  addDocs: (docs: readonly Readonly<Record<string, unknown>>[]) => number;
  rename: (id: string, name: string) => void;
  remove: (id: string) => void;
  move: (id: string, toIndex: number) => void;
  markBaseline: (id: string) => void;
  /**
   * An editor's edit of one field, with the follow-on changes that keep the build valid, as one
   * undoable step; what else changed goes to `editNotes`.
   */
  setField: (id: string, path: readonly (string | number)[], value: unknown) => void;
  /** Set one field and nothing else (the editor's "change only this field"). */
  setFieldOnly: (id: string, path: readonly (string | number)[], value: unknown) => void;
  replaceDoc: (id: string, doc: Readonly<Record<string, unknown>>) => void;
  /** Replace the whole workspace (a file opened); undoable like any edit. */
  loadWorkspace: (ws: Workspace) => void;
  /** Open scenario documents (a file's) in place of the current ones; undoable. */
  openDocs: (docs: readonly Readonly<Record<string, unknown>>[], baseline: number) => void;
};

let counter = 0;
function newId(): string {
  counter += 1;
  return `s${counter}`;
}

function initialWorkspace(): Workspace {
  const a = addScenario(
    EMPTY_WORKSPACE,
    newId(),
    structuredCloneJson(getTemplate('pretrain-ib').doc),
  );
  return addScenario(a, newId(), structuredCloneJson(getTemplate('pretrain-roce').doc));
}

export const createWorkspaceSlice: StateCreator<AppState, [], [], WorkspaceSlice> = (set, get) => {
  const initial = initialWorkspace();
  // Every edit ends the banners of the one before (an app notice, an edit's notes).
  const apply = (command: (ws: Workspace) => Workspace) =>
    set((s) => {
      const history = commit(s.history, command(s.history.present));
      const ids = history.present.scenarios.map((x) => x.id);
      const activeId =
        s.activeId !== null && ids.includes(s.activeId) ? s.activeId : (ids[0] ?? null);
      return history === s.history
        ? { history, activeId }
        : { history, activeId, notice: null, editNotes: null };
    });
  const keepActiveValid = (history: History<Workspace>, activeId: string | null) => {
    const ids = history.present.scenarios.map((x) => x.id);
    return activeId !== null && ids.includes(activeId) ? activeId : (ids[0] ?? null);
  };
  return {
    history: createHistory(initial),
    activeId: initial.scenarios[0]?.id ?? null,
    apply,
    undo: () =>
      set((s) => {
        const history = undo(s.history);
        return { history, activeId: keepActiveValid(history, s.activeId), editNotes: null };
      }),
    redo: () =>
      set((s) => {
        const history = redo(s.history);
        return { history, activeId: keepActiveValid(history, s.activeId), editNotes: null };
      }),
    canUndo: () => canUndo(get().history),
    canRedo: () => canRedo(get().history),
    setActive: (id) => set({ activeId: id }),
    addFromTemplate: (templateId) => {
      const before = get().history.present;
      const id = newId();
      apply((ws) => addScenario(ws, id, structuredCloneJson(getTemplate(templateId).doc)));
      if (get().history.present === before) return null;
      set({ activeId: id });
      return id;
    },
    duplicate: (sourceId) => {
      const before = get().history.present;
      const id = newId();
      apply((ws) => duplicateScenario(ws, sourceId, id));
      if (get().history.present === before) return null;
      set({ activeId: id });
      return id;
    },
    duplicateWithChange: (sourceId, path, value, name, follow = true) => {
      const before = get().history.present;
      const id = newId();
      let notes: EditNotes['notes'] = [];
      apply((ws) => {
        const r = duplicateWithChange(ws, sourceId, id, path, value, name, follow);
        notes = r.notes;
        return r.ws;
      });
      if (get().history.present === before) return null;
      set({
        activeId: id,
        ...(notes.length > 0
          ? { editNotes: { scenarioId: id, path, value, notes, duplicateOf: { sourceId, name } } }
          : {}),
      });
      return id;
    },
    addDocs: (docs) => {
      const ids = docs.map(() => newId());
      let added = 0;
      apply((ws) => {
        const r = mergeScenarios(ws, docs, ids);
        added = r.added;
        return r.ws;
      });
      if (added > 0) set({ activeId: ids[0] ?? null });
      return added;
    },
    rename: (id, name) => apply((ws) => renameScenario(ws, id, name)),
    remove: (id) => apply((ws) => deleteScenario(ws, id)),
    move: (id, toIndex) => apply((ws) => moveScenario(ws, id, toIndex)),
    markBaseline: (id) => apply((ws) => setBaseline(ws, id)),
    setField: (id, path, value) => {
      let notes: EditNotes['notes'] = [];
      apply((ws) => {
        const r = editScenarioField(ws, id, path, value);
        notes = r.notes;
        return r.ws;
      });
      if (notes.length > 0) set({ editNotes: { scenarioId: id, path, value, notes } });
    },
    setFieldOnly: (id, path, value) => apply((ws) => setScenarioField(ws, id, path, value)),
    replaceDoc: (id, doc) => apply((ws) => replaceScenarioDoc(ws, id, doc)),
    loadWorkspace: (ws) => apply(() => ws),
    openDocs: (docs, baseline) => {
      let ws = EMPTY_WORKSPACE;
      const ids: string[] = [];
      for (const doc of docs) {
        const id = newId();
        ids.push(id);
        ws = addScenario(ws, id, structuredCloneJson(doc));
      }
      const baselineId = ids[baseline];
      if (baselineId !== undefined) ws = setBaseline(ws, baselineId);
      apply(() => ws);
      set({ activeId: ids[0] ?? null });
    },
  };
};
