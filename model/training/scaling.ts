import { simulateTraining } from './engine';
import type { ParallelismLayout, ScalingPoint, TrainingInput } from './types';

function defaultCounts(input: TrainingInput): number[] {
  const per = input.cluster.gpusPerNode;
  const max = input.cluster.gpus * 4;
  const out: number[] = [];
  for (let g = per; g <= max; g *= 2) out.push(g);
  if (!out.includes(input.cluster.gpus)) out.push(input.cluster.gpus);
  return out.sort((a, b) => a - b);
}

/**
 * Scaling curve: throughput and efficiency against GPU count, at the input's global batch.
 * Each point keeps the input's TP, PP, CP, micro batch, recompute and ZeRO stage when given,
 * lets DP follow the GPU count, and lets the engine choose what the input leaves null; points
 * whose layout is impossible (DP not dividing the global batch) are left out.
 * Efficiency = per-GPU tokens/s relative to the curve's first point, %. Units: s, tokens/s, %.
 * Method: repeated {@link simulateTraining} (strong scaling at fixed global batch, as MLPerf).
 */
export function scalingCurve(input: TrainingInput, gpuCounts?: readonly number[]): ScalingPoint[] {
  const counts = gpuCounts ?? defaultCounts(input);
  const base: ParallelismLayout =
    input.parallelism === 'auto'
      ? {
          tp: null,
          pp: null,
          dp: null,
          cp: null,
          vpp: null,
          zeroStage: null,
          sequenceParallel: null,
        }
      : { ...input.parallelism, dp: null };
  const out: ScalingPoint[] = [];
  let ref = 0;
  for (const gpus of counts) {
    let r;
    try {
      r = simulateTraining({
        ...input,
        cluster: { ...input.cluster, gpus },
        parallelism: base,
      });
    } catch {
      continue;
    }
    const perGpu = r.tokensPerS / gpus;
    if (ref === 0) ref = perGpu;
    out.push({
      gpus,
      stepTimeS: r.stepTimeS,
      tokensPerS: r.tokensPerS,
      scalingEfficiencyPct: (100 * perGpu) / ref,
      mfuPct: r.mfuPct,
      layout: r.layout,
      fits: r.memory.fits,
    });
  }
  return out;
}
