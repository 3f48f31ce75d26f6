import { useEffect, useMemo, useState } from 'react';
import { defaultUncertainty, IDENTITY_KNOBS } from '../../../model/analysis';
import {
  analysisScenario,
  buildAnalysis,
  buildTornadoes,
  REPORT_DRAWS,
  REPORT_SEED,
  type ReportAnalysis,
  type ReportMonteCarlo,
  type ReportScenario,
  type ReportTornado,
} from '../../../model/report';
import { createEngineWorker, type MonteCarloMessage } from '../../worker/protocol';

/**
 * The report's analyses (model/report `buildAnalysis`): the Monte Carlo run behind the bands in
 * the engine worker (the same call as `reportMonteCarlo`: default uncertainty, fixed seed) while
 * this thread computes the tornadoes. Pending until the run answers; a failed run (or no
 * worker) leaves the bands out and the report says so.
 */

/** One engine worker for the report's runs, kept between reports (loaded once). */
let worker: Worker | null = null;
/** The answer the worker's next result goes to (one run at a time). */
let pendingAnswer: ((mc: ReportMonteCarlo | null) => void) | null = null;

function reportWorker(): Worker {
  if (worker) return worker;
  const w = createEngineWorker();
  w.onmessage = (ev: MessageEvent<MonteCarloMessage>) => {
    const m = ev.data;
    if (m.type === 'progress') return;
    const answer = pendingAnswer;
    pendingAnswer = null;
    answer?.(
      m.type === 'result'
        ? { draws: m.result.draws, seed: m.result.seed, summaries: m.result.summaries }
        : null,
    );
  };
  w.onerror = () => {
    const answer = pendingAnswer;
    pendingAnswer = null;
    w.terminate();
    if (worker === w) worker = null;
    answer?.(null);
  };
  worker = w;
  return w;
}

/** Run the report's Monte Carlo in the worker; a run under way is abandoned (worker replaced). */
function runInWorker(scenarios: readonly ReportScenario[]): Promise<ReportMonteCarlo | null> {
  if (pendingAnswer) {
    worker?.terminate();
    worker = null;
    pendingAnswer(null);
    pendingAnswer = null;
  }
  return new Promise((resolve) => {
    try {
      const w = reportWorker();
      pendingAnswer = resolve;
      w.postMessage({
        job: 'montecarlo',
        request: {
          scenarios: scenarios.map(analysisScenario),
          draws: REPORT_DRAWS,
          seed: REPORT_SEED,
          knobs: scenarios.map(() => IDENTITY_KNOBS),
          uncertainty: scenarios.map(
            (s) => defaultUncertainty(analysisScenario(s), IDENTITY_KNOBS, s.result).inputs,
          ),
          baselineIndex: 0,
        },
      });
    } catch {
      pendingAnswer = null;
      resolve(null);
    }
  });
}

export function useReportAnalysis(
  scenarios: readonly ReportScenario[] | null,
  objective: string | null,
): { readonly analysis: ReportAnalysis | null; readonly pending: boolean } {
  const [run, setRun] = useState<{
    readonly key: readonly ReportScenario[] | null;
    readonly mc: ReportMonteCarlo | null;
  }>({ key: null, mc: null });
  useEffect(() => {
    if (scenarios === null) return undefined;
    let live = true;
    void runInWorker(scenarios).then((mc) => {
      if (live) setRun({ key: scenarios, mc });
    });
    return () => {
      live = false;
    };
  }, [scenarios]);
  // The tornadoes on this thread while the worker draws (this effect runs after the one that
  // started the run).
  const [tornadoes, setTornadoes] = useState<{
    readonly key: readonly ReportScenario[] | null;
    readonly objective: string | null;
    readonly list: readonly ReportTornado[];
  }>({ key: null, objective: null, list: [] });
  useEffect(() => {
    if (scenarios === null) return;
    const list = buildTornadoes(scenarios, objective);
    setTornadoes({ key: scenarios, objective, list });
  }, [scenarios, objective]);
  const done =
    scenarios !== null &&
    run.key === scenarios &&
    tornadoes.key === scenarios &&
    tornadoes.objective === objective;
  const analysis = useMemo(
    () => (done && scenarios ? buildAnalysis(scenarios, objective, run.mc, tornadoes.list) : null),
    [done, scenarios, objective, run.mc, tornadoes.list],
  );
  return { analysis, pending: scenarios !== null && !done };
}
