import { create } from 'zustand';
import { createEnergySlice, type EnergySlice } from './energySlice';
import { createUiSlice, type UiSlice } from './uiSlice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice';

/** The one store of the renderer, combined from slices. It holds inputs only. */
export type AppState = EnergySlice & UiSlice & WorkspaceSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createEnergySlice(...a),
  ...createUiSlice(...a),
  ...createWorkspaceSlice(...a),
}));
