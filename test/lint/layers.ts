/**
 * model/'s layering, in the style of VS Code's code-layering rule: each folder sits on a layer,
 * and a file may import only from its own folder and from folders on lower layers. Lowest
 * first; folders on one line form one layer and may import each other.
 *
 *   vocabulary, units, math    the shared enumerations, unit constants, numerical helpers
 *   catalog                    sourced hardware, facility and price data
 *   workload, compute          model shape and FLOPs; the device model
 *   scenario                   the versioned file format (its checks count a model's parameters)
 *   parallelism, fabric        collectives; fat trees and the network bill of materials
 *   build                      resolveBuild: what a scenario buys, with provenance
 *   training, serving          performance
 *   storage, reliability       data pipeline, checkpoints, failures
 *   power                      power from activity, racks, facility
 *   cost                       capex, opex, TCO
 *   metrics                    the one metric registry (composes the domains' lists)
 *   evaluate                   the pipeline
 *   analysis, search, report, validation, files   built on evaluate()
 *
 * One file sits below its folder: `metrics/metric.ts` (`defineMetric` and the metric types,
 * which every domain uses to declare its list) is on the vocabulary layer.
 */
export const MODEL_LAYERS: readonly (readonly string[])[] = [
  ['vocabulary', 'units', 'math'],
  ['catalog'],
  ['workload', 'compute'],
  ['scenario'],
  ['parallelism', 'fabric'],
  ['build'],
  ['training', 'serving'],
  ['storage', 'reliability'],
  ['power'],
  ['cost'],
  ['metrics'],
  ['evaluate'],
  ['analysis', 'search', 'report', 'validation', 'files'],
];

/** Files on another layer than their folder. */
export const FILE_LAYERS: Readonly<Record<string, string>> = {
  'metrics/metric': 'vocabulary',
};

/**
 * Files of a folder that other folders may import directly instead of through its index.ts:
 * the ones whose index would form an import cycle, or that a lower-layer file must reach
 * without pulling the folder's higher-level parts. Each with the reason.
 */
export const PUBLIC_FILES: Readonly<Record<string, string>> = {
  'metrics/metric':
    'defineMetric: the domains declare their metrics with it; metrics/index composes them',
  'catalog/accelerators': 'the accelerator table, read by engines without the whole catalog index',
  'catalog/sourced': 'the SourcedNumber type',
  'catalog/user': 'the user catalog schema the scenario schema embeds',
  'catalog/mig': 'the MIG profiles of an accelerator, read by the serving engine',
  'catalog/schemas':
    'the catalog kinds and their schemas, which user catalog entries are checked against',
  'compute/device': 'the device constants of one accelerator',
  'compute/powerCap': 'the clock under a power cap',
  'workload/memory': 'memory per GPU',
  'workload/shape': 'parameter and FLOP counts',
  'workload/types': 'the model shape types',
  'parallelism/network': 'collective times',
  'fabric/fatTree': 'fat-tree sizing (reliability counts the switches)',
  'scenario/defaultSources': 'default sources (report, build)',
  'scenario/reliability': 'the reliability section and its default rates',
  'scenario/storage': 'the storage section',
  'scenario/serving': 'the serving workload section',
  'scenario/cluster': 'the cluster section',
  'scenario/facility': 'the facility section',
  'scenario/fields': 'field builders',
  'training/types': 'the training engine’s input and result types',
  'reliability/goodput': 'goodput',
  'reliability/interval': 'checkpoint intervals',
  'reliability/rates': 'failure rates',
  'build/storageTiers': 'storage tier sizing',
  'cost/metrics': 'the cost metric list (metrics/index composes it)',
  'power/metrics': 'the power metric list',
  'reliability/metrics': 'the reliability metric list',
  'serving/metrics': 'the serving metric list',
  'storage/metrics': 'the storage metric list',
  'training/metrics': 'the training metric list',
  'validation/bundled': 'the bundled validation files',
};

/** Layer index of a folder (or a file listed in FILE_LAYERS). */
export function layerOf(module: string): number {
  const folder = FILE_LAYERS[module] ?? module.split('/')[0] ?? module;
  const i = MODEL_LAYERS.findIndex((l) => l.includes(folder));
  if (i < 0) throw new Error(`model/${module}: not on any layer of test/lint/layers.ts`);
  return i;
}

/** The folders a folder may import (its own, its layer's and every lower layer's), sorted. */
export function mayImport(folder: string): string[] {
  const i = layerOf(folder);
  return MODEL_LAYERS.slice(0, i + 1)
    .flat()
    .filter((f) => f !== folder)
    .sort();
}
