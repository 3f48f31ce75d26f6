import type { ParallelismLayoutSection } from '../scenario';
import { simulateTraining } from './engine';
import type { ScalingPoint, TrainingSections } from './types';

/** One node's GPUs, doubling up to four times the cluster's, and the cluster's own count. */
function defaultCounts(s: TrainingSections): number[] {
  const per = s.compute.gpusPerNode;
  const max = s.compute.gpus * 4;
  const out: number[] = [];
  for (let g = per; g <= max; g *= 2) out.push(g);
  if (!out.includes(s.compute.gpus)) out.push(s.compute.gpus);
  return out.sort((a, b) => a - b);
}

/** Every layout field left to the engine. */
const AUTO_LAYOUT: ParallelismLayoutSection = {
  tp: 'auto',
  pp: 'auto',
  dp: 'auto',
  cp: 'auto',
  vpp: 'auto',
  zeroStage: 'auto',
  sequenceParallel: 'auto',
  ep: 'auto',
  etp: 'auto',
};

/**
 * Scaling curve: throughput and efficiency against GPU count, at the workload's global batch.
 * Each point keeps the stated TP, PP, CP, EP, micro batch, recompute and ZeRO stage, lets DP
 * follow the GPU count, and lets the engine choose what the sections leave `auto`; points
 * whose layout is impossible (DP not dividing the global batch) are left out.
 * Efficiency: each point's own scaling efficiency, the one definition the scenario's figure
 * uses (SCALING_EFFICIENCY_FORMULA: step time without exposed data-parallel communication ÷ step
 * time), so the curve at the scenario's GPU count shows the scenario's figure and no point
 * exceeds 100 % (per-GPU throughput relative to a smaller count could, where memory newly
 * allows a faster layout). Units: s, tokens/s, %.
 * Method: repeated {@link simulateTraining} (strong scaling at fixed global batch, as MLPerf).
 */
export function scalingCurve(
  sections: TrainingSections,
  gpuCounts?: readonly number[],
): ScalingPoint[] {
  const counts = gpuCounts ?? defaultCounts(sections);
  const p = sections.workload.parallelism;
  const parallelism: ParallelismLayoutSection = p === 'auto' ? AUTO_LAYOUT : { ...p, dp: 'auto' };
  const workload = { ...sections.workload, parallelism };
  const runs: { gpus: number; r: ReturnType<typeof simulateTraining> }[] = [];
  for (const gpus of counts) {
    try {
      runs.push({
        gpus,
        r: simulateTraining({ ...sections, workload, compute: { ...sections.compute, gpus } }),
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
