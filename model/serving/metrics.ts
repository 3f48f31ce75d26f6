import type { MetricDefinition } from '../metrics/metric';
import { defineMetric } from '../metrics/metric';

/** Serving metrics (issue 9). Ids are stable: the CLI, exports and saved views use them. */
export const servingMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'output_tokens_per_s',
    label: 'Output tokens/s',
    unit: 'tokens/s',
    description:
      'Generated tokens per second of the whole system at the stated load (prompt tokens excluded).',
    group: 'serving',
    better: 'higher',
  }),
  defineMetric({
    id: 'output_tokens_per_s_per_gpu',
    label: 'Output tokens/s per GPU',
    unit: 'tokens/s',
    description: 'Generated tokens per second divided by the GPUs serving.',
    group: 'serving',
    better: 'higher',
  }),
  defineMetric({
    id: 'requests_per_s',
    label: 'Requests/s',
    unit: 'req/s',
    description: 'Completed requests per second of the whole system.',
    group: 'serving',
    better: 'higher',
  }),
  defineMetric({
    id: 'ttft_ms',
    label: 'Time to first token',
    unit: 'ms',
    description: 'Mean time from arrival to the first generated token, queueing included.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'tpot_ms',
    label: 'Time per output token',
    unit: 'ms',
    description: 'Mean time between output tokens after the first (inter-token latency).',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'e2e_latency_ms',
    label: 'End-to-end latency',
    unit: 'ms',
    description: 'Mean time from submission to the last token of a request.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'ttft_pct_ms',
    label: 'TTFT at percentile',
    unit: 'ms',
    description:
      'Time to first token at the reported percentile (derived from the mean, see model/serving/README.md).',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'tpot_pct_ms',
    label: 'TPOT at percentile',
    unit: 'ms',
    description: 'Time per output token at the reported percentile (derived from the mean).',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'tpot_low_ms',
    label: 'TPOT if capacity 8 % higher',
    unit: 'ms',
    description:
      'Mean time per output token if the serving capacity were one standard deviation of the engine’s capacity error (8.4 %) higher. Near capacity TPOT is a range, not a point: see tpot_high_ms.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'tpot_high_ms',
    label: 'TPOT if capacity 8 % lower',
    unit: 'ms',
    description:
      'Mean time per output token if the serving capacity were 8.4 % lower (one standard deviation of the engine’s capacity error). Far below capacity it equals the mean TPOT.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'max_batch',
    label: 'Max running batch',
    unit: 'requests',
    description: 'Largest running batch per model copy the KV-cache memory and the stack allow.',
    group: 'serving',
    better: 'higher',
  }),
  defineMetric({
    id: 'kv_cache_gib_per_gpu',
    label: 'KV cache per GPU',
    unit: 'GiB',
    description: 'Memory per GPU left for the KV cache after weights, runtime and activations.',
    group: 'serving',
    better: 'higher',
  }),
  defineMetric({
    id: 'gpus_for_target_load',
    label: 'GPUs for target load',
    unit: 'GPUs',
    description:
      'GPUs needed to serve the target request rate within the TTFT/TPOT limits at the percentile.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'cost_per_million_output_tokens_usd',
    label: 'Cost per million output tokens',
    unit: '¤/Mtok',
    description:
      'GPU-hour price × GPUs ÷ output tokens per hour, per million tokens: the rental price when the workload gives one, otherwise the owned-hardware TCO per used GPU-hour.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'serving_power_kw',
    label: 'Serving power',
    unit: 'kW',
    description:
      'Board power of the GPUs that serve, at this load: each draws its idle power plus the decode step’s matrix, memory-bound and communication shares of its span (model/power activity model); IT and facility power with hosts, network and cooling are the power figures.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'energy_per_output_token_j',
    label: 'Energy per output token',
    unit: 'J/token',
    description:
      'Facility power while serving (IT power of the whole build at this load × PUE) ÷ output tokens per second: joules of facility energy per generated token.',
    group: 'serving',
    better: 'lower',
  }),
  defineMetric({
    id: 'output_tokens_per_s_per_mw',
    label: 'Output tokens per MW',
    unit: 'tokens/s/MW',
    description:
      'Output tokens per second ÷ facility power while serving, MW: what a megawatt of the site serves with this build.',
    group: 'serving',
    better: 'higher',
  }),
];
