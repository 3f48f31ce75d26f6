import type { StateCreator } from 'zustand';
/**
 * The screens' ids, in navigation order: stable (tests and shortcuts use them). The store owns
 * the list; App.tsx maps each id to its page (the store never imports the app's components).
 */
export const PAGE_IDS = [
  'scenarios',
  'compare',
  'charts',
  'power',
  'catalog',
  'accuracy',
  'search',
  'analysis',
  'report',
] as const;
export type PageId = (typeof PAGE_IDS)[number];
import type { EditNote } from '../../model/scenario/edits';
import type { AppState } from './index';

export type Notice = { readonly kind: 'info' | 'error'; readonly text: string };

/**
 * What else an edit changed to keep the build valid (model/scenario/edits.ts), shown above the
 * scenario's form until dismissed or the next edit: the edit itself (so "change only this field"
 * can redo it alone) and the notes.
 */
export type EditNotes = {
  readonly scenarioId: string;
  readonly path: readonly (string | number)[];
  readonly value: unknown;
  readonly notes: readonly EditNote[];
  /** Set when the edit made a changed copy (duplicate-with-change): its source and name. */
  readonly duplicateOf?: { readonly sourceId: string; readonly name: string };
};

/** Transient UI state (not saved to files). */
export type UiSlice = {
  notice: Notice | null;
  showNotice: (notice: Notice | null) => void;
  editNotes: EditNotes | null;
  setEditNotes: (notes: EditNotes | null) => void;
  /** The screen shown (view state, not saved, not undoable). */
  page: PageId;
  setPage: (page: PageId) => void;
  /**
   * An export asked for from the menu (File ▸ Export) that the report screen has not run yet:
   * kept here so it is not lost while that screen loads. The report screen clears it.
   */
  pendingExport: ExportFormat | null;
  requestExport: (format: ExportFormat | null) => void;
};

export type ExportFormat = 'pdf' | 'xlsx' | 'csv';

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  notice: null,
  showNotice: (notice) => set({ notice }),
  editNotes: null,
  setEditNotes: (editNotes) => set({ editNotes }),
  page: 'scenarios',
  setPage: (page) => set({ page }),
  pendingExport: null,
  requestExport: (pendingExport) => set({ pendingExport }),
});
