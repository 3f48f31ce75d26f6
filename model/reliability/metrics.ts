import { defineMetric } from '../metrics/metric';
import type { MetricDefinition } from '../metrics/metric';

/** Metrics of the reliability engine (group `reliability`). */
export const reliabilityMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'interruptions_per_day',
    label: 'Job interruptions per day',
    unit: '1/day',
    description:
      'Unexpected interruptions of the training job per day: the sum of the per-component failure rates over every GPU, node, link and switch it spans.',
    group: 'reliability',
    better: 'lower',
  }),
  defineMetric({
    id: 'mean_time_to_interrupt_h',
    label: 'Mean time to interrupt',
    unit: 'h',
    description: 'Mean wall time between unexpected interruptions of the job.',
    group: 'reliability',
    better: 'higher',
  }),
  defineMetric({
    id: 'restart_min',
    label: 'Restart time',
    unit: 'min',
    description: 'Detection, rescheduling and reloading the checkpoint after an interruption.',
    group: 'reliability',
    better: 'lower',
  }),
  defineMetric({
    id: 'checkpoint_interval_min',
    label: 'Checkpoint interval',
    unit: 'min',
    description:
      'Compute time between checkpoints: the Daly (2006) or Young (1974) optimum unless set.',
    group: 'reliability',
    better: 'none',
  }),
  defineMetric({
    id: 'goodput_pct',
    label: 'Goodput (effective training time)',
    unit: '%',
    description:
      'Share of wall time the job runs training steps, after restarts, lost work and checkpoint blocking (effective training time ratio).',
    group: 'reliability',
    better: 'higher',
  }),
  defineMetric({
    id: 'effective_compute_pct',
    label: 'Effective compute share',
    unit: '%',
    description:
      'Share of GPU wall time doing useful training compute: goodput × accelerator utilisation.',
    group: 'reliability',
    better: 'higher',
  }),
  defineMetric({
    id: 'lost_gpu_hours_per_day_failures',
    label: 'GPU-hours lost per day: failures',
    unit: 'GPU-h/day',
    description:
      'GPU-hours per day lost to interruptions: restart time and work redone since the last checkpoint.',
    group: 'reliability',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_per_day',
    label: 'GPU-hours lost per day',
    unit: 'GPU-h/day',
    description:
      'GPU-hours per day lost to data stalls, checkpoint blocking and failures together.',
    group: 'reliability',
    better: 'lower',
  }),
];
