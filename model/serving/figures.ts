import type { MetricValue } from '../metrics/metric';
import type { ServingSizing } from './curve';
import type { ServingResult } from './types';

/**
 * A serving result as registered metric figures (ids of model/serving/metrics.ts);
 * `gpus_for_target_load` only with a sizing answer. Power and cost per token are the power and
 * cost steps' figures (model/power, model/cost).
 */
export function servingFigures(
  r: ServingResult,
  sizing: ServingSizing | null = null,
): Record<string, MetricValue> {
  const out: Record<string, MetricValue> = {
    output_tokens_per_s: { value: r.outputTokensPerS, unit: 'tokens/s' },
    output_tokens_per_s_per_gpu: { value: r.outputTokensPerSPerGpu, unit: 'tokens/s' },
    requests_per_s: { value: r.requestsPerS, unit: 'req/s' },
    ttft_ms: { value: r.ttftMs, unit: 'ms' },
    tpot_ms: { value: r.tpotMs, unit: 'ms' },
    e2e_latency_ms: { value: r.e2eLatencyMs, unit: 'ms' },
    ttft_pct_ms: { value: r.ttftPctMs, unit: 'ms' },
    tpot_pct_ms: { value: r.tpotPctMs, unit: 'ms' },
    tpot_low_ms: { value: r.tpotRangeMs.low, unit: 'ms' },
    tpot_high_ms: { value: r.tpotRangeMs.high, unit: 'ms' },
    max_batch: { value: r.maxBatch, unit: 'requests' },
    kv_cache_gib_per_gpu: { value: r.kvCacheGibPerGpu, unit: 'GiB' },
  };
  if (sizing !== null) out['gpus_for_target_load'] = { value: sizing.gpus, unit: 'GPUs' };
  return out;
}
