import { useEffect, useRef } from 'react';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { useEvaluations } from '../../workspace/useEvaluations';

/**
 * User-timing marks for the UI benchmarks (cli/bench/ui.ts reads them back with
 * `performance.getEntriesByName`). Harmless in production: a few bounded timing entries.
 *
 * - `clusterplan:recompute` (measure): the time `useEvaluations()` spent validating and
 *   evaluating after the workspace changed (only changed scenarios recompute: memoised per
 *   scenario document). `detail.scenarios` is the count of open scenarios.
 * - `clusterplan:interactive` (mark): the first render of the editor has committed.
 */
export const RECOMPUTE_MEASURE = 'clusterplan:recompute';
export const INTERACTIVE_MARK = 'clusterplan:interactive';

let interactiveMarked = false;

/** `useEvaluations()`, timed: emits a `clusterplan:recompute` measure when it recomputed. */
export function useTimedEvaluations(): readonly ScenarioEvaluation[] {
  const t0 = performance.now();
  const evaluations = useEvaluations();
  const t1 = performance.now();
  const last = useRef<readonly ScenarioEvaluation[] | null>(null);
  if (last.current !== evaluations) {
    last.current = evaluations;
    if (typeof performance.measure === 'function') {
      performance.clearMeasures(RECOMPUTE_MEASURE);
      performance.measure(RECOMPUTE_MEASURE, {
        start: t0,
        end: t1,
        detail: { scenarios: evaluations.length },
      });
    }
  }
  useEffect(() => {
    if (!interactiveMarked && typeof performance.mark === 'function') {
      interactiveMarked = true;
      performance.mark(INTERACTIVE_MARK);
    }
  }, []);
  return evaluations;
}
