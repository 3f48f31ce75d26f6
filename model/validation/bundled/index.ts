import servingDev from './serving-dev.json';
import storageDev from './storage-dev.json';
import trainingDev from './training-dev.json';
import trainingMlperfSteps from './training-mlperf-steps.json';
import trainingMlperfTtt from './training-mlperf-ttt.json';
import trainingPublished from './training-published.json';

/**
 * The validation case files bundled with the app (copies of ../shared/validation/*-dev.json,
 * format `clusterplan-validation/1`), so the renderer can run the harness without reading
 * files at run time. See README.md in this folder for their origin and sources.
 */
export type BundledValidationFile = {
  /** File name as shipped (`training-dev.json`). */
  readonly file: string;
  /** What the file validates, in words. */
  readonly label: string;
  /** The parsed file, handed to `runValidation` unchanged. */
  readonly data: unknown;
};

export const bundledValidationFiles: readonly BundledValidationFile[] = [
  { file: 'training-dev.json', label: 'Training step time and time to train', data: trainingDev },
  {
    file: 'training-published.json',
    label: 'Training throughput, Blackwell and Hopper (held out)',
    data: trainingPublished,
  },
  {
    file: 'training-mlperf-steps.json',
    label: 'Training step time in MLPerf result logs: GPT-3, Llama 3.1, Llama 2 LoRA (held out)',
    data: trainingMlperfSteps,
  },
  {
    file: 'training-mlperf-ttt.json',
    label: 'MLPerf time to train: Llama 3.1 and Llama 2 LoRA (held out)',
    data: trainingMlperfTtt,
  },
  { file: 'storage-dev.json', label: 'Storage feed rate (MLPerf Storage)', data: storageDev },
  { file: 'serving-dev.json', label: 'LLM serving throughput and latency', data: servingDev },
];
