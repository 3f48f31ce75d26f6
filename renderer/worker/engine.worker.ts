import '../zodConfig';
import { runMonteCarlo } from '../../model/analysis';
import { createSearchWorker } from '../../model/search/protocol';
import type { SearchReply } from '../../model/search/protocol';
import { bundledValidationFiles } from '../../model/validation/bundled';
import { accuracySet } from '../features/accuracy/accuracyData';
import type { EngineJob, MonteCarloMessage, ValidationMessage } from './protocol';

/**
 * The one engine worker of the renderer: validation harness (accuracy page), seeded Monte Carlo
 * (sensitivity page) and design-search chunks (search page) run here, off the main thread. One
 * worker file holds one copy of the engine (Vite bundles each worker entry with its own copy);
 * each page creates its own instances and sends one kind of job. Protocol: ./protocol.ts.
 */
type Reply = ValidationMessage | MonteCarloMessage | SearchReply;
const scope = self as unknown as {
  postMessage(message: Reply): void;
  onmessage: ((ev: MessageEvent<EngineJob>) => void) | null;
};
const post = (m: Reply) => scope.postMessage(m);
let search: ((request: Extract<EngineJob, { job: 'search' }>['request']) => void) | null = null;

function runValidation(): void {
  const t0 = performance.now();
  try {
    bundledValidationFiles.forEach((file, index) => {
      post({ type: 'set', index, total: bundledValidationFiles.length, set: accuracySet(file) });
    });
    post({ type: 'done', elapsedMs: performance.now() - t0 });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}

function runMonteCarloJob(req: Extract<EngineJob, { job: 'montecarlo' }>['request']): void {
  const t0 = performance.now();
  try {
    const result = runMonteCarlo(
      req.scenarios,
      {
        draws: req.draws,
        seed: req.seed,
        knobs: req.knobs,
        uncertainty: req.uncertainty,
        baselineIndex: req.baselineIndex,
      },
      (done, total) => post({ type: 'progress', done, total }),
    );
    post({ type: 'result', result, elapsedMs: performance.now() - t0 });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}

scope.onmessage = (ev) => {
  const m = ev.data;
  if (m.job === 'validation') runValidation();
  else if (m.job === 'montecarlo') runMonteCarloJob(m.request);
  else {
    search ??= createSearchWorker(post);
    search(m.request);
  }
};
