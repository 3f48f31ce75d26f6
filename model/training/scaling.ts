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
 * Efficiency: each point's own scaling efficiency, the one definition the scenario's figure
 * uses (SCALING_EFFICIENCY_FORMULA: step time without exposed data-parallel communication ÷ step
 * time), so the curve at the scenario's GPU count shows the scenario's figure and no point
 * exceeds 100 % (per-GPU throughput relative to a smaller count could, where memory newly
 * allows a faster layout). Units: s, tokens/s, %.
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
  const runs: { gpus: number; r: ReturnType<typeof simulateTraining> }[] = [];
  for (const gpus of counts) {
    try {
      runs.push({
        gpus,
        r: simulateTraining({ ...input, cluster: { ...input.cluster, gpus }, parallelism: base }),
      });
    } catch {
      // No valid layout at this count (e.g. DP does not divide the global batch): left out.
    }
  }
  const out: ScalingPoint[] = runs.map(({ gpus, r }) => ({
    gpus,
    stepTimeS: r.stepTimeS,
    tokensPerS: r.tokensPerS,
    scalingEfficiencyPct: r.scalingEfficiencyPct,
    mfuPct: r.mfuPct,
    layout: r.layout,
    fits: r.memory.fits,
  }));
  return out;
}
