import { useSyncExternalStore } from 'react';
import type { CalibrationRecord } from '../../../model/analysis';

/**
 * Calibrations recorded this session, by scenario id, and whether the analysis uses them.
 * The scenario format has no calibration section yet (proposed in model/analysis/README.md);
 * until it does, a calibration lives here and is not saved with the scenario file.
 */
type State = {
  readonly records: Readonly<Record<string, CalibrationRecord>>;
  readonly use: boolean;
};

let state: State = { records: {}, use: true };
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The session's calibrations and the "use in the analysis" switch. */
export function useCalibrations(): State {
  return useSyncExternalStore(subscribe, () => state);
}

/** Record (or replace) a scenario's calibration. */
export function recordCalibration(scenarioId: string, record: CalibrationRecord): void {
  set({ ...state, records: { ...state.records, [scenarioId]: record } });
}

/** Forget a scenario's calibration. */
export function clearCalibration(scenarioId: string): void {
  const records = { ...state.records };
  delete records[scenarioId];
  set({ ...state, records });
}

/** Whether the tornado and the Monte Carlo use the recorded calibrations. */
export function setUseCalibrations(use: boolean): void {
  set({ ...state, use });
}
