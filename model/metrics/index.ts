import { costMetrics } from '../cost/metrics';
import { powerMetrics } from '../power/metrics';
import { reliabilityMetrics } from '../reliability/metrics';
import { servingMetrics } from '../serving/metrics';
import { storageMetrics } from '../storage/metrics';
import { trainingMetrics } from '../training/metrics';
import { evaluationMetrics } from './evaluation';
import { buildRegistry } from './metric';
import type { MetricDefinition, MetricGroup, MetricValue } from './metric';

/**
 * The one metric registry. Every figure `evaluate()` returns, the CLI prints, the UI shows
 * and an export writes is one of these. Each engine domain declares its list in its own
 * folder; this file only composes them (duplicate ids fail at module load).
 *
 * Domain lists:
 * - training (model/training/metrics.ts): step time, throughput, MFU/HFU, memory, breakdown.
 * - evaluation (model/metrics/evaluation.ts): figures `evaluate()` combines across engines.
 * - storage, reliability (model/storage/metrics.ts, model/reliability/metrics.ts).
 * - power, cost (model/power/metrics.ts, model/cost/metrics.ts).
 * - serving (model/serving/metrics.ts).
 */

export { defineMetric, buildRegistry } from './metric';
export { evaluationMetrics } from './evaluation';
export type { MetricDefinition, MetricGroup, MetricValue } from './metric';

/** Every metric list, in display order. */
export const metricLists: readonly (readonly MetricDefinition[])[] = [
  trainingMetrics,
  evaluationMetrics,
  storageMetrics,
  reliabilityMetrics,
  powerMetrics,
  costMetrics,
  servingMetrics,
];

/** id → definition, for every registered metric. */
export const metricRegistry: ReadonlyMap<string, MetricDefinition> = buildRegistry(metricLists);

/** The definition of a registered metric; throws naming the id when it is not registered. */
export function getMetric(id: string): MetricDefinition {
  const m = metricRegistry.get(id);
  if (!m) throw new Error(`metric "${id}" is not registered`);
  return m;
}

/** True when `id` is a registered metric. */
export function isMetric(id: string): boolean {
  return metricRegistry.has(id);
}

/** Registered metrics of one group, in registry order. */
export function metricsInGroup(group: MetricGroup): readonly MetricDefinition[] {
  return [...metricRegistry.values()].filter((m) => m.group === group);
}

/**
 * Check one figure against the registry: id registered, unit the registered unit, value
 * finite. Throws naming the metric.
 */
export function checkMetricValue(id: string, v: MetricValue, currency = 'USD'): void {
  const def = metricRegistry.get(id);
  if (!def) throw new Error(`metric "${id}" is not registered`);
  if (v.unit !== unitIn(def.unit, currency)) {
    throw new Error(`metric "${id}" has unit "${v.unit}", registered unit is "${def.unit}"`);
  }
  if (!Number.isFinite(v.value))
    throw new Error(`metric "${id}" is ${String(v.value)} (not finite)`);
}

/** `checkMetricValue` for every figure of a set. Throws naming the first offending metric. */
export function checkMetricValues(
  values: Readonly<Record<string, MetricValue>>,
  currency = 'USD',
): void {
  for (const id in values) checkMetricValue(id, values[id] as MetricValue, currency);
}

/** `¤` in a registered unit stands for the scenario's currency: the unit in `currency`. */
export function unitIn(registered: string, currency: string): string {
  if (!registered.includes(MONEY)) return registered;
  const key = `${currency}${registered}`;
  let u = moneyUnitCache.get(key);
  if (u === undefined) {
    u = registered.replace(MONEY, currency);
    moneyUnitCache.set(key, u);
  }
  return u;
}
/** Money units by currency (a memo: evaluations reuse the same strings). */
const moneyUnitCache = new Map<string, string>();

/** The sign that stands for the scenario's currency in registered units. */
export const MONEY = '¤';

/** True when a registered metric is money (its unit names the scenario's currency). */
export function isMoneyMetric(id: string): boolean {
  return metricRegistry.get(id)?.unit.includes(MONEY) ?? false;
}
