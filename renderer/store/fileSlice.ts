import type { StateCreator } from 'zustand';
import type { ScenarioFileRef } from '../../electron/contract';
import type { FileLayout } from '../../model/files';
import { HISTORY_LIMIT } from '../workspace/history';
import type { Workspace } from '../workspace/workspace';
import type { AppState } from './index';

/** Which file the workspace belongs to, and the workspace as last saved there. */
export type FileBinding = {
  readonly file: ScenarioFileRef | null;
  readonly saved: Workspace | null;
  /** The shape the file was read in (saving writes it again); null: ClusterPlan's default. */
  readonly layout: FileLayout | null;
};

/**
 * A switch of file (Open, New, a restored recovery copy). Switches are undoable like any edit,
 * so undoing one must also bring back the file the workspace belonged to: otherwise Save would
 * write the previous scenarios into the newly opened file.
 */
type FileSwitch = {
  readonly before: Workspace;
  readonly after: Workspace;
  readonly previous: FileBinding;
  readonly next: FileBinding;
};

/**
 * The scenario file behind the open workspace: its name and path (an opaque token from the
 * shell), the workspace as last saved or opened (unsaved changes = the present differs from it,
 * so undoing back to it is clean again), and the recent files. Inputs only.
 */
export type FileSlice = {
  /** The file the workspace was opened from or saved to; `null` before the first save. */
  currentFile: ScenarioFileRef | null;
  /** `history.present` as last saved or opened (compared by identity). */
  savedWorkspace: Workspace | null;
  /** The shape the current file was read in; null: ClusterPlan's default layout. */
  fileLayout: FileLayout | null;
  recentFiles: readonly ScenarioFileRef[];
  fileSwitches: readonly FileSwitch[];
  undoneFileSwitches: readonly FileSwitch[];
  /** Record a save: this file now holds exactly the present workspace. */
  markSaved: (file: ScenarioFileRef) => void;
  /** Record a save of a workspace edited since (the file is current, the work still unsaved). */
  setUnsavedFile: (file: ScenarioFileRef | null) => void;
  setRecentFiles: (files: readonly ScenarioFileRef[]) => void;
  /**
   * Replace the workspace with `change` (e.g. openDocs) and bind it to `file`, clean or not.
   * Undo of the change brings the previous file back; redo the new one.
   */
  switchFile: (
    change: () => void,
    file: ScenarioFileRef | null,
    clean: boolean,
    layout?: FileLayout | null,
  ) => void;
  /** Keep the file binding in step with undo/redo (called when `history.present` changes). */
  followHistory: (previousPresent: Workspace) => void;
};

export const createFileSlice: StateCreator<AppState, [], [], FileSlice> = (set, get) => ({
  currentFile: null,
  // Set to the initial workspace right after the store is created (store/index.ts).
  savedWorkspace: null,
  fileLayout: null,
  recentFiles: [],
  fileSwitches: [],
  undoneFileSwitches: [],
  markSaved: (file) => set({ currentFile: file, savedWorkspace: get().history.present }),
  setUnsavedFile: (file) => set({ currentFile: file }),
  setRecentFiles: (files) => set({ recentFiles: files }),
  switchFile: (change, file, clean, layout = null) => {
    const s0 = get();
    const before = s0.history.present;
    const previous = { file: s0.currentFile, saved: s0.savedWorkspace, layout: s0.fileLayout };
    change();
    const after = get().history.present;
    if (after === before) return;
    const next = { file, saved: clean ? after : null, layout };
    set({
      currentFile: next.file,
      savedWorkspace: next.saved,
      fileLayout: next.layout,
      fileSwitches: [...get().fileSwitches, { before, after, previous, next }].slice(
        -HISTORY_LIMIT,
      ),
      undoneFileSwitches: [],
    });
  },
  followHistory: (previousPresent) => {
    const s = get();
    const present = s.history.present;
    const done = s.fileSwitches[s.fileSwitches.length - 1];
    if (done && previousPresent === done.after && present === done.before) {
      set({
        currentFile: done.previous.file,
        savedWorkspace: done.previous.saved,
        fileLayout: done.previous.layout,
        fileSwitches: s.fileSwitches.slice(0, -1),
        undoneFileSwitches: [...s.undoneFileSwitches, done],
      });
      return;
    }
    const undone = s.undoneFileSwitches[s.undoneFileSwitches.length - 1];
    if (undone && previousPresent === undone.before && present === undone.after) {
      set({
        currentFile: undone.next.file,
        savedWorkspace: undone.next.saved,
        fileLayout: undone.next.layout,
        fileSwitches: [...s.fileSwitches, undone],
        undoneFileSwitches: s.undoneFileSwitches.slice(0, -1),
      });
      return;
    }
    // A new edit drops the redo branch, and with it the switches that could be redone.
    if (s.history.future.length === 0 && s.undoneFileSwitches.length > 0) {
      set({ undoneFileSwitches: [] });
    }
  },
});

/** True when the open workspace differs from what was last saved or opened. */
export function selectDirty(s: AppState): boolean {
  return s.history.present !== s.savedWorkspace;
}
