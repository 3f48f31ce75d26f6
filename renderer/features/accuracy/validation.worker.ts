import '../../zodConfig';
import { bundledValidationFiles } from '../../../model/validation/bundled';
import { accuracySet, type AccuracySet } from './accuracyData';

/**
 * Runs the validation harness on the bundled case files off the main thread (it takes a few
 * hundred ms). Posts one message per file as it finishes, then `done`.
 */
export type WorkerMessage =
  | {
      readonly type: 'set';
      readonly index: number;
      readonly total: number;
      readonly set: AccuracySet;
    }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'done'; readonly elapsedMs: number };

const scope = self as unknown as { postMessage(message: WorkerMessage): void };

function post(m: WorkerMessage): void {
  scope.postMessage(m);
}

const t0 = performance.now();
try {
  bundledValidationFiles.forEach((file, index) => {
    post({ type: 'set', index, total: bundledValidationFiles.length, set: accuracySet(file) });
  });
  post({ type: 'done', elapsedMs: performance.now() - t0 });
} catch (e) {
  post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
}
