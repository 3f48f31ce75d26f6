import { expertParallelIgnored } from '../workload';
import { FREE, searchLayout } from './auto';
import { engineInputOf } from './input';
import type { EngineInput } from './input';
import { buildContext, buildResult, evaluateCore, isComplete } from './simulate';
import type { ResolvedLayout, TrainingResult, TrainingSections } from './types';

/**
 * Simulate one training configuration: step time and breakdown, throughput, MFU/HFU (PaLM
 * convention, Chowdhery et al. 2022 App. B), memory per GPU and fit, time to train and the
 * binding bottleneck. Units: seconds, tokens/s, TFLOP/s per GPU, bytes, percent.
 * `auto` layout fields (or `parallelism: 'auto'`, or an `auto` micro batch / recompute) are
 * chosen by {@link autoLayout}'s search.
 * @param sections - the scenario's parsed training workload, `cluster.compute` and
 *   `cluster.network` sections (model/scenario: checked there, not here), with the merged
 *   catalog's accelerator and the calibration multiplier where they apply
 * @throws naming an unknown accelerator id, or `parallelism` when no layout satisfies the stated
 *   degrees
 * Method: see `evaluateCore` (model/training/simulate.ts) and the folder's README.
 */
export function simulateTraining(sections: TrainingSections): TrainingResult {
  return simulateEngineInput(engineInputOf(sections));
}

/**
 * {@link simulateTraining} on the engine's working input (model/training/input.ts): the unit
 * tests' way in, where a fixture states the working quantities directly. Not part of the
 * engine's public API (model/training/index.ts).
 */
export function simulateEngineInput(input: EngineInput): TrainingResult {
  const stated = input.parallelism;
  // Expert degrees stated on a dense model split nothing: evaluated as EP 1, with a warning.
  const ignored =
    stated === 'auto'
      ? null
      : expertParallelIgnored(input.model, stated.ep ?? null, stated.etp ?? null);
  if (ignored !== null && stated !== 'auto') {
    const r = simulateEngineInput({ ...input, parallelism: { ...stated, ep: 1, etp: 1 } });
    return { ...r, warnings: [...r.warnings, ignored] };
  }
  const ctx = buildContext(input);
  const p = input.parallelism;
  if (p === 'auto' || !isComplete(p, input)) {
    return searchLayout(ctx, p === 'auto' ? FREE : p);
  }
  const tp = p.tp ?? 1;
  const pp = p.pp ?? 1;
  const dp = p.dp ?? 1;
  const cp = p.cp ?? 1;
  const mb = input.training.microBatch ?? 1;
  const gbs = input.training.globalBatchSeqs;
  const warnings: string[] = [];
  const per = gbs / (dp * mb);
  if (!Number.isInteger(per)) {
    warnings.push(
      `global batch ${gbs} is not a multiple of dp·micro batch = ${dp * mb}; rounded up`,
    );
  }
  if (input.model.layers % pp !== 0) {
    warnings.push(
      `${input.model.layers} layers do not split evenly over pp=${pp}; the largest stage paces the pipeline`,
    );
  }
  const l: ResolvedLayout = {
    tp,
    pp,
    dp,
    cp,
    ep: p.ep ?? 1,
    etp: p.etp ?? 1,
    vpp: p.vpp ?? 1,
    zeroStage: p.zeroStage ?? (dp > 1 ? 1 : 0),
    sequenceParallel: p.sequenceParallel ?? (tp > 1 && ctx.sequenceParallelDefault),
    microBatch: mb,
    recompute: input.training.recompute ?? 'none',
    microBatchesPerStep: Math.max(1, Math.ceil(per)),
  };
  return buildResult(ctx, l, evaluateCore(ctx, l), warnings);
}
