import { searchLayout } from './auto';
import { checkTrainingInput } from './check';
import { buildContext, buildResult, evaluateCore, isComplete } from './simulate';
import type { ResolvedLayout, TrainingInput, TrainingResult } from './types';

/**
 * Simulate one training configuration: step time and breakdown, throughput, MFU/HFU (PaLM
 * convention, Chowdhery et al. 2022 App. B), memory per GPU and fit, time to train and the
 * binding bottleneck. Units: seconds, tokens/s, TFLOP/s per GPU, bytes, percent.
 * Null layout fields (or `parallelism: 'auto'`, or null micro batch / recompute) are chosen by
 * {@link autoLayout}'s search. Throws `Error('<field>: <reason>')` on invalid input and
 * names an unknown accelerator id. Method: see `evaluateCore` (model/training/simulate.ts).
 */
export function simulateTraining(input: TrainingInput): TrainingResult {
  checkTrainingInput(input);
  const ctx = buildContext(input);
  const p = input.parallelism;
  if (p === 'auto' || !isComplete(p, input)) {
    return searchLayout(
      ctx,
      p === 'auto'
        ? {
            tp: null,
            pp: null,
            dp: null,
            cp: null,
            vpp: null,
            zeroStage: null,
            sequenceParallel: null,
            ep: null,
            etp: null,
          }
        : p,
    );
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
