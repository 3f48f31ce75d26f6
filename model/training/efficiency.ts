/**
 * The one definition of scaling efficiency, used by the scenario's figure, every point of the
 * scaling curve, the analyses that rescale a step, and shown in words wherever the figure is.
 */
export const SCALING_EFFICIENCY_FORMULA =
  'Scaling efficiency = (step time − exposed data-parallel communication) ÷ step time';

/**
 * Scaling efficiency, %: the share of a step the GPUs are not waiting for the data-parallel
 * replicas to synchronise ({@link SCALING_EFFICIENCY_FORMULA}). In [0, 100] for a valid step.
 * Units: seconds in, % out.
 */
export function scalingEfficiencyPct(stepTimeS: number, exposedDpCommS: number): number {
  return (100 * (stepTimeS - exposedDpCommS)) / stepTimeS;
}
