import type { Accelerator } from '../catalog/accelerators';
import { modelShapeOf } from '../scenario';
import type { ServingWorkload } from '../scenario/serving';
import type { ServingStack } from './constants';
import type { ServingConfig, ServingLoad } from './types';

/** The cluster facts a serving evaluation needs from the scenario's `cluster.compute` section. */
export type ServingClusterFacts = {
  readonly acceleratorId: string;
  /** The accelerator from a merged catalog (user entries); absent: the built-in id's. */
  readonly accelerator?: Accelerator | undefined;
  readonly gpus: number;
  /** GPUs per scale-up domain (resolved: a number, not `auto`). */
  readonly nvlinkDomainGpus: number;
  readonly stack: ServingStack;
};

/**
 * Map a parsed scenario `serving` workload plus the cluster facts to the engine configuration.
 * Pure; units converted at this boundary (billions → counts).
 */
export function servingConfigFromWorkload(
  w: ServingWorkload,
  cluster: ServingClusterFacts,
): ServingConfig {
  const m = w.model;
  const l = w.serving.load;
  const load: ServingLoad =
    l.mode === 'offline'
      ? { mode: 'offline' }
      : l.mode === 'request_rate'
        ? { mode: 'request_rate', requestsPerS: l.requestsPerS }
        : l.mode === 'concurrency'
          ? { mode: 'concurrency', concurrency: l.concurrency }
          : l.mode === 'batch'
            ? { mode: 'batch', batch: l.batch }
            : {
                mode: 'slo',
                ttftLimitMs: l.ttftLimitMs,
                tpotLimitMs: l.tpotLimitMs,
                percentile: l.percentile,
              };
  const auto = (v: number | 'auto'): number | null => (v === 'auto' ? null : v);
  const part = w.partition;
  const shape = modelShapeOf(m, 0);
  return {
    model: {
      ...shape,
      paramsTotal: m.paramsB * 1e9,
      moe:
        shape.moe === null || m.moe === null
          ? null
          : { ...shape.moe, activeParams: m.moe.activeParamsB * 1e9 },
    },
    precision: w.serving.precision,
    kvCachePrecision: w.serving.kvCachePrecision === 'auto' ? null : w.serving.kvCachePrecision,
    inputTokens: w.serving.inputTokensMean,
    outputTokens: w.serving.outputTokensMean,
    load,
    layout: {
      tp: auto(w.parallelism.tp),
      pp: auto(w.parallelism.pp),
      ep: w.parallelism.ep,
      replicas: auto(w.parallelism.replicas),
      attentionDp: w.parallelism.attentionDp,
    },
    acceleratorId: cluster.acceleratorId,
    accelerator: cluster.accelerator,
    gpus: cluster.gpus,
    nvlinkDomainGpus: cluster.nvlinkDomainGpus,
    powerLimitW: w.powerLimitW,
    stack: cluster.stack,
    partition:
      part.kind === 'mig'
        ? {
            kind: 'mig',
            computeShare: part.computeShare ?? 0,
            memoryShare: part.memoryShare ?? 0,
            profile: part.profile,
          }
        : part,
    requestCount: w.serving.requestCount,
    maxBatchPerReplica: auto(w.serving.maxBatchPerReplica),
    maxTokensPerStep: auto(w.serving.maxTokensPerStep),
    speculative:
      w.serving.speculative === null
        ? null
        : {
            draftTokens: w.serving.speculative.draftTokens,
            acceptanceRate: auto(w.serving.speculative.acceptanceRate),
          },
    disaggregation:
      w.serving.disaggregation === null
        ? null
        : { prefillGpus: auto(w.serving.disaggregation.prefillGpus) },
    reportPercentile: w.serving.reportPercentile,
  };
}
