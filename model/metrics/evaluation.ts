import { defineMetric } from './metric';
import type { MetricDefinition } from './metric';

/**
 * Metrics that combine several engines' results, computed by `evaluate()` itself
 * (model/evaluate.ts), not by one domain.
 */
export const evaluationMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'time_to_train_days',
    label: 'Time to train',
    unit: 'days',
    description:
      'Time to train including data stalls, checkpoint pauses and failures with their restarts: the training engine’s time stretched by 1 / (useful share of wall time); a fixed start-up overhead is not stretched.',
    group: 'training',
    better: 'lower',
  }),
  defineMetric({
    id: 'effective_tokens_per_s',
    label: 'Effective throughput',
    unit: 'tokens/s',
    description:
      'Training tokens per second of wall time: the step throughput times the useful share of wall time (after data stalls, checkpoints and failures).',
    group: 'training',
    better: 'higher',
  }),
];
