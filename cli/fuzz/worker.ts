// worker_threads entry of `npm run fuzz` (booted by cli/search/boot.mjs, which registers tsx):
// runs one share of the scenario or hostile-file fuzz and posts its report back.
import { parentPort, workerData } from 'node:worker_threads';
import { fuzzHostileFiles } from './hostile';
import { fuzzScenarios } from './scenarios';

type Job = {
  readonly task: 'scenarios' | 'hostile';
  readonly seed: number;
  readonly count: number;
};

const job = workerData.job as Job;
const report =
  job.task === 'scenarios'
    ? fuzzScenarios(job.seed, job.count, (n) => parentPort?.postMessage({ progress: n }))
    : fuzzHostileFiles(job.seed, job.count);
parentPort?.postMessage({ report });
