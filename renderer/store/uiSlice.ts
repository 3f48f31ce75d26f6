import type { StateCreator } from 'zustand';
import type { AppState } from './index';

export type Notice = { readonly kind: 'info' | 'error'; readonly text: string };

/** Transient UI state (not saved to files). */
export type UiSlice = {
  notice: Notice | null;
  showNotice: (notice: Notice | null) => void;
};

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  notice: null,
  showNotice: (notice) => set({ notice }),
});
