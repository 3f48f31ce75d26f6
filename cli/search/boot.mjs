// worker_threads entry for the search workers: registers tsx (the CLI runs TypeScript
// directly) in this worker, then loads the TypeScript worker module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
