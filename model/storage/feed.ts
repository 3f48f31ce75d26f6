import { z } from 'zod';
import { MIB } from './defaults';

/**
 * MLPerf Storage's accelerator-utilisation rule.
 *
 * MLPerf Storage (v1.0, DLIO-based) emulates each accelerator by sleeping the measured
 * compute time per batch; AU = total ideal compute time / total benchmark wall time, and a
 * run passes when AU ≥ the workload's threshold (90 % for unet3d and resnet50, 70 % for
 * cosmoflow). At AU exactly equal to the threshold each accelerator consumes one batch per
 * compute_time / AU seconds, so the read bandwidth one accelerator needs to pass is
 *
 *   required = AU_threshold × sample_bytes × batch_per_accelerator / compute_time_per_step.
 *
 * Sources: github.com/mlcommons/storage README (v1.0) and configs/dlio/workload/*.yaml;
 * research/validation/mlperf_storage.json (`rules`, `derived.bandwidth_at_AU_threshold`).
 */

function positive(name: string, v: number): void {
  if (!Number.isFinite(v) || v <= 0) {
    throw new Error(`${name} must be a finite number > 0 (got ${v})`);
  }
}

/**
 * Accelerator utilisation in the MLPerf Storage sense.
 *
 * @param computeS ideal compute time, s
 * @param wallS wall time, s (≥ computeS)
 * @returns AU in [0, 1]
 */
export function acceleratorUtilization(computeS: number, wallS: number): number {
  positive('wallS', wallS);
  if (!Number.isFinite(computeS) || computeS < 0) {
    throw new Error(`computeS must be a finite number ≥ 0 (got ${computeS})`);
  }
  return Math.min(1, computeS / wallS);
}

/**
 * Read bandwidth one accelerator needs to stay at the utilisation threshold.
 *
 * @param sampleBytes bytes per sample
 * @param batchPerAccelerator samples per step per accelerator
 * @param computeTimePerStepS emulated compute time per step, s
 * @param utilizationThreshold AU threshold in (0, 1]
 * @returns bytes per second per accelerator
 */
export function requiredReadBytesPerSPerAccelerator(
  sampleBytes: number,
  batchPerAccelerator: number,
  computeTimePerStepS: number,
  utilizationThreshold: number,
): number {
  positive('sample_bytes', sampleBytes);
  positive('batch_per_accelerator', batchPerAccelerator);
  positive('compute_time_per_step_s', computeTimePerStepS);
  if (!(utilizationThreshold > 0 && utilizationThreshold <= 1)) {
    throw new Error(`utilization_threshold must be in (0, 1] (got ${utilizationThreshold})`);
  }
  return (utilizationThreshold * sampleBytes * batchPerAccelerator) / computeTimePerStepS;
}

/**
 * How many emulated accelerators a storage system keeps at or above the threshold.
 *
 * @param storageReadBytesPerS sustained aggregate read bandwidth, bytes/s
 * @param requiredBytesPerSPerAccelerator from {@link requiredReadBytesPerSPerAccelerator}
 * @returns whole accelerators (floor)
 */
export function acceleratorsSupported(
  storageReadBytesPerS: number,
  requiredBytesPerSPerAccelerator: number,
): number {
  positive('storage read bandwidth', storageReadBytesPerS);
  positive('required bandwidth per accelerator', requiredBytesPerSPerAccelerator);
  // Tolerance for the floor: a storage system sized exactly at the requirement passes.
  return Math.floor(storageReadBytesPerS / requiredBytesPerSPerAccelerator + 1e-9);
}

const positiveNumber = z.number().positive().finite();

const storageFeedCaseSchema = z.looseObject({
  kind: z.literal('storage-feed'),
  workload: z.looseObject({
    sample_bytes: positiveNumber,
    batch_per_accelerator: positiveNumber,
    compute_time_per_step_s: positiveNumber,
    utilization_threshold: z.number().gt(0).max(1),
  }),
  /** Optional: the storage system under test, for `accelerators_supported`. */
  storage: z
    .looseObject({
      read_mib_s: positiveNumber.optional(),
      read_gb_s: positiveNumber.optional(),
    })
    .optional(),
  observed: z.looseObject({ metric: z.string() }),
});

/** Metrics the storage-feed predictor answers. */
export const STORAGE_FEED_METRICS = [
  'required_read_mib_s_per_accelerator',
  'required_read_gb_s_per_accelerator',
  'samples_per_s_per_accelerator',
  'accelerators_supported',
] as const;

export type StorageFeedPrediction = { readonly metric: string; readonly predicted: number };

/**
 * Predict one `storage-feed` validation case (format clusterplan-validation/1) with MLPerf
 * Storage's AU rule. Pure; throws an Error naming the field when the case is not usable.
 *
 * Metrics: `required_read_mib_s_per_accelerator` (MiB = 2^20 bytes, as DLIO reports),
 * `required_read_gb_s_per_accelerator` (decimal GB), `samples_per_s_per_accelerator`
 * (at the threshold), `accelerators_supported` (needs `storage.read_mib_s` or
 * `storage.read_gb_s`: the system's sustained aggregate read bandwidth).
 *
 * @param caseJson one parsed case object
 */
export function predictStorageFeedCase(caseJson: unknown): StorageFeedPrediction {
  const parsed = storageFeedCaseSchema.safeParse(caseJson);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '(case)';
    throw new Error(`storage-feed case: ${where}: ${issue ? issue.message : 'invalid'}`);
  }
  const c = parsed.data;
  const w = c.workload;
  const metric = c.observed.metric;
  const required = requiredReadBytesPerSPerAccelerator(
    w.sample_bytes,
    w.batch_per_accelerator,
    w.compute_time_per_step_s,
    w.utilization_threshold,
  );
  switch (metric) {
    case 'required_read_mib_s_per_accelerator':
      return { metric, predicted: required / MIB };
    case 'required_read_gb_s_per_accelerator':
      return { metric, predicted: required / 1e9 };
    case 'samples_per_s_per_accelerator':
      return { metric, predicted: required / w.sample_bytes };
    case 'accelerators_supported': {
      const s = c.storage;
      const bytesPerS =
        s?.read_mib_s !== undefined
          ? s.read_mib_s * MIB
          : s?.read_gb_s !== undefined
            ? s.read_gb_s * 1e9
            : undefined;
      if (bytesPerS === undefined) {
        throw new Error('storage-feed case: storage.read_mib_s or storage.read_gb_s is required');
      }
      return { metric, predicted: acceleratorsSupported(bytesPerS, required) };
    }
    default:
      throw new Error(
        `storage-feed case: observed.metric "${metric}" is not one of ${STORAGE_FEED_METRICS.join(', ')}`,
      );
  }
}
