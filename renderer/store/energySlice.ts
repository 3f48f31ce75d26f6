import type { StateCreator } from 'zustand';
import {
  DEFAULT_ENERGY_INPUTS,
  type EnergyField,
  type EnergyInputs,
} from '../features/energy/energyInputs';
import type { AppState } from './index';

/** Inputs of the energy slice (inputs only: results are derived by the engine). */
export type EnergySlice = {
  energy: EnergyInputs;
  setEnergyField: <K extends EnergyField>(field: K, value: EnergyInputs[K]) => void;
  replaceEnergyInputs: (inputs: EnergyInputs) => void;
  resetEnergyInputs: () => void;
};

export const createEnergySlice: StateCreator<AppState, [], [], EnergySlice> = (set) => ({
  energy: DEFAULT_ENERGY_INPUTS,
  setEnergyField: (field, value) => set((s) => ({ energy: { ...s.energy, [field]: value } })),
  replaceEnergyInputs: (inputs) => set({ energy: inputs }),
  resetEnergyInputs: () => set({ energy: DEFAULT_ENERGY_INPUTS }),
});
