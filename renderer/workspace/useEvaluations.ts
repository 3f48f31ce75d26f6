import { useMemo } from 'react';
import { useAppStore } from '../store';
import { evaluateDrafts, type ScenarioEvaluation } from './evaluations';

/** Every open scenario with its validation issues or engine result (memoised per scenario). */
export function useEvaluations(): readonly ScenarioEvaluation[] {
  const scenarios = useAppStore((s) => s.history.present.scenarios);
  return useMemo(() => evaluateDrafts(scenarios), [scenarios]);
}

/** The baseline scenario's id (deltas are measured against it). */
export function useBaselineId(): string | null {
  return useAppStore((s) => s.history.present.baselineId);
}
