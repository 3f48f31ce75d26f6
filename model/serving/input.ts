import { modelShapeOf } from '../scenario';
import type { ServingConfig, ServingLoad, ServingSections } from './types';

/**
 * The serving engine's working input of the scenario sections ({@link ServingSections}), made
 * once per sections object: `auto` becomes null (the engine chooses), billions of parameters
 * become counts, an `auto` scale-up domain becomes one server's GPUs (the NVLink/NVSwitch domain
 * of an HGX board). Unchecked: the sections come from the scenario's schemas and its
 * cross-field checks (model/scenario `servingWorkloadIssues`).
 */
export function servingInputOf(s: ServingSections): ServingConfig {
  let input = inputs.get(s);
  if (input === undefined) {
    input = inputOf(s);
    inputs.set(s, input);
  }
  return input;
}

/**
 * Working inputs memoised per sections object (sections are not changed after they are made;
 * model/evaluate memoises a scenario's per workload), so the layout memo of evaluate.ts, keyed
 * by the working input, serves every call on the same sections.
 */
const inputs = new WeakMap<ServingSections, ServingConfig>();

function inputOf(s: ServingSections): ServingConfig {
  const w = s.workload;
  const c = s.compute;
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
    acceleratorId: c.acceleratorId,
    accelerator: s.accelerator,
    gpus: c.gpus,
    nvlinkDomainGpus:
      c.nvlinkDomainGpus === 'auto' ? Math.min(c.gpusPerNode, c.gpus) : c.nvlinkDomainGpus,
    powerLimitW: w.powerLimitW,
    stack: c.stack,
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
    batchBucket: w.serving.batchBucket,
    padContextTokens: w.serving.padContextTokens,
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
