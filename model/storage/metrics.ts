import { defineMetric } from '../metrics/metric';
import type { MetricDefinition } from '../metrics/metric';

/**
 * Metrics of the data-pipeline and checkpoint I/O engine (group `data`). Bandwidths are in
 * decimal GB/s (10^9 bytes per second) — note the `gbps` in the ids means GB/s here, as the
 * issue names them, not the Gb/s of link line rates.
 */
export const storageMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'data_stall_pct',
    label: 'Data stall',
    unit: '%',
    description:
      'Share of step wall time the accelerators wait for input data (storage, metadata or CPU pre-processing slower than compute, jitter not absorbed by the prefetch queue).',
    group: 'data',
    better: 'lower',
  }),
  defineMetric({
    id: 'accelerator_utilization_pct',
    label: 'Accelerator utilisation (AU)',
    unit: '%',
    description:
      'Compute time ÷ wall time per step, in the MLPerf Storage sense: 100 % means the data pipeline never starves the accelerators.',
    group: 'data',
    better: 'higher',
  }),
  defineMetric({
    id: 'required_read_gbps',
    label: 'Read bandwidth required',
    unit: 'GB/s',
    description:
      'Aggregate read bandwidth that keeps every accelerator busy: samples per second at the compute rate × bytes per sample (decimal GB/s).',
    group: 'data',
    better: 'none',
  }),
  defineMetric({
    id: 'delivered_read_gbps',
    label: 'Read bandwidth delivered',
    unit: 'GB/s',
    description:
      'Aggregate read bandwidth the pipeline delivers at the achieved step rate, cache and shared tier together (decimal GB/s).',
    group: 'data',
    better: 'higher',
  }),
  defineMetric({
    id: 'metadata_ops_required_per_s',
    label: 'Metadata operations required',
    unit: 'ops/s',
    description:
      'File opens per second the shared tier must serve at the compute rate (cache misses only).',
    group: 'data',
    better: 'none',
  }),
  defineMetric({
    id: 'cpu_cores_required_per_node',
    label: 'CPU cores required per node',
    unit: 'cores',
    description:
      'Cores per node for decoding and augmentation at the compute rate, plus the cores reserved for the training processes.',
    group: 'data',
    better: 'none',
  }),
  defineMetric({
    id: 'accelerators_fed_at_threshold',
    label: 'Accelerators the storage feeds',
    unit: 'GPUs',
    description:
      'How many accelerators the shared storage keeps at or above the utilisation threshold (MLPerf Storage rule); absent when the shared tier is not read.',
    group: 'data',
    better: 'higher',
  }),
  defineMetric({
    id: 'checkpoint_size_tb',
    label: 'Checkpoint size',
    unit: 'TB',
    description:
      'Weights and optimizer state saved per checkpoint (decimal TB); for LoRA the adapters only, the frozen base is not saved.',
    group: 'data',
    better: 'none',
  }),
  defineMetric({
    id: 'checkpoint_write_s',
    label: 'Checkpoint write time',
    unit: 's',
    description:
      'Time to write one checkpoint to its storage tier (host to storage), limited by the tier and the nodes’ storage links.',
    group: 'data',
    better: 'lower',
  }),
  defineMetric({
    id: 'checkpoint_blocking_s',
    label: 'Training blocked per checkpoint',
    unit: 's',
    description:
      'Time training stops per checkpoint: the whole write when synchronous, the device-to-host copy when asynchronous.',
    group: 'data',
    better: 'lower',
  }),
  defineMetric({
    id: 'cache_restage_pct',
    label: 'Cache re-staging',
    unit: '%',
    description:
      'Share of wall time lost while node caches refill from the data tier after cache drive failures (a RAID-0 cache loses its contents when any drive fails): failures per second × re-stage time × the extra stall of a cold cache',
    group: 'data',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_per_day_data_stall',
    label: 'GPU-hours lost per day: data stall',
    unit: 'GPU-h/day',
    description: 'GPU-hours per day of wall time spent waiting for input data.',
    group: 'data',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_per_day_checkpoint',
    label: 'GPU-hours lost per day: checkpoints',
    unit: 'GPU-h/day',
    description: 'GPU-hours per day of wall time blocked on checkpoint saves.',
    group: 'data',
    better: 'lower',
  }),
];
