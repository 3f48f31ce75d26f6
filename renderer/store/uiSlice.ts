import type { StateCreator } from 'zustand';
import type { PageId } from '../App';
import type { AppState } from './index';

export type Notice = { readonly kind: 'info' | 'error'; readonly text: string };

/** Transient UI state (not saved to files). */
export type UiSlice = {
  notice: Notice | null;
  showNotice: (notice: Notice | null) => void;
  /** The screen shown (view state, not saved, not undoable). */
  page: PageId;
  setPage: (page: PageId) => void;
};

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  notice: null,
  showNotice: (notice) => set({ notice }),
  page: 'scenarios',
  setPage: (page) => set({ page }),
});
