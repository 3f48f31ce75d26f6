/**
 * The objective a build is judged on when the user names none: the cost of a unit of the
 * workload's work, not raw TCO. TCO misleads as a default: a build that does less work (more
 * failures, a starved data pipeline, a lower utilisation) burns less energy and so shows a
 * lower TCO, while each token it trains or serves costs more.
 */

/**
 * Metrics of cost per unit of work, most specific first: training pays per effective training
 * token, then per run, serving per output token; the cost per effective GPU-hour (after
 * utilisation and goodput) when the work has no token count.
 */
export const OBJECTIVE_METRIC_IDS: readonly string[] = [
  'cost_per_million_tokens_usd',
  'cost_per_training_run_usd',
  'cost_per_million_output_tokens_usd',
  'cost_per_effective_gpu_hour_usd',
];

/**
 * The metric of the objective for a result: the first of OBJECTIVE_METRIC_IDS it produced, or
 * null when it produced none (a build that could not be costed).
 * @param metrics - the result's figures by metric id
 */
export function objectiveMetricId(metrics: Readonly<Record<string, unknown>>): string | null {
  return OBJECTIVE_METRIC_IDS.find((id) => metrics[id] !== undefined) ?? null;
}
