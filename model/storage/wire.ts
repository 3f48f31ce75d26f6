import type { ResolvedBuild } from '../build';
import type { Scenario, TrainingWorkload } from '../scenario';
import type { TrainingResult } from '../training/types';
import type { DataReliabilityInput } from './stage';

/**
 * Build the data + reliability stage input from a scenario and the training engine's result
 * (a convenience for `evaluate()`; the stage itself takes plain numbers).
 *
 * The compute-fabric busy share (used only when storage shares that fabric) is the exposed
 * data-parallel and pipeline communication over the step time: Megatron's rank order
 * (tensor, context, expert, data, pipeline) places tensor, context and expert groups inside the
 * NVLink domain first, so data-parallel reductions and pipeline sends are the traffic that
 * crosses the scale-out fabric. It is a lower bound, since overlapped communication also
 * occupies the fabric, and is kept below 1 (0.99) so the storage model's shared-link share
 * stays positive.
 *
 * @param scenario a parsed scenario
 * @param workload its training workload
 * @param training the training engine's result for it
 * @param build the resolved build: its storage tiers (every figure filled in), cache drive
 *   failure rate and compute-fabric switch count; null (no catalog system) uses the scenario's
 *   storage section as written
 */
export function dataReliabilityInputFor(
  scenario: Scenario,
  workload: TrainingWorkload,
  training: TrainingResult,
  build: ResolvedBuild | null = null,
): DataReliabilityInput {
  const b = training.breakdown;
  const scaleOutS = b.dpCommS + b.ppCommS;
  const busy = training.stepTimeS > 0 ? Math.min(0.99, scaleOutS / training.stepTimeS) : 0;
  return {
    stepComputeS: training.stepTimeS,
    samplesPerStep: workload.training.globalBatchSeqs,
    gpus: scenario.cluster.compute.gpus,
    gpusPerNode: scenario.cluster.compute.gpusPerNode,
    parameterCount: training.paramsTrainable,
    seqLenTokens: workload.model.seqLenTokens,
    vocabSize: workload.model.vocabSize,
    computeFabricBusyFraction: busy,
    jobComputeS:
      training.timeToTrainS === null
        ? null
        : training.timeToTrainS - workload.training.fixedOverheadS,
    storage: build ? build.storage.section : scenario.cluster.storage,
    reliability: scenario.reliability,
    computeSwitches: build ? build.network.bom.compute.switches : null,
  };
}
