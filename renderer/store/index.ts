import { create } from 'zustand';
import { createFileSlice, type FileSlice } from './fileSlice';
import { createUiSlice, type UiSlice } from './uiSlice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice';

/** The one store of the renderer, combined from slices. It holds inputs only. */
export type AppState = FileSlice & UiSlice & WorkspaceSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createUiSlice(...a),
  ...createWorkspaceSlice(...a),
  ...createFileSlice(...a),
}));

// The workspace a session starts with counts as saved (nothing to lose yet).
useAppStore.setState({ savedWorkspace: useAppStore.getState().history.present });
// Undo/redo across an Open or New also switches back to the file the workspace belonged to.
useAppStore.subscribe((s, prev) => {
  if (s.history.present !== prev.history.present) s.followHistory(prev.history.present);
});
