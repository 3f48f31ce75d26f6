import type { ServingFleetFacts } from '../cost';
import type { EvaluationResult } from '../evaluate';
import { servingSectionsOf } from '../evaluate';
import type { Scenario } from '../scenario';
import { gpusForTargetLoad, UnreachableSloError } from '../serving';

/**
 * The per-copy facts of a serving scenario's evaluation for the fleet view (model/cost
 * `fleetForDemand`, `largestDemandFor`):
 * - rate per model copy: within the workload's sizing target's latency limits when it states
 *   one (the same SLO rate `gpus_for_target_load` uses), else the scenario's own rate when its
 *   load is an SLO, else the copy's capacity at the full batch (no latency limit stated);
 * - IT power per GPU slot (the build's IT power while serving, and idle, ÷ its GPUs: GPU, node,
 *   network and storage shares), PUE and electricity price as the build resolves them;
 * - money per GPU-year without energy: owned, the TCO less its energy over the horizon ÷
 *   (horizon × GPUs); rented (the workload's price per GPU-hour), that price × 8,760 h, energy
 *   included in it (electricity price 0).
 * Null for a training scenario, a build that was not costed, or a copy that serves no rate within
 * the limits (the evaluation's warning says why).
 */
export function servingFleetFacts(
  scenario: Scenario,
  result: EvaluationResult,
): ServingFleetFacts | null {
  const w = scenario.workload;
  const r = result.serving;
  const pc = result.powerCost;
  const b = result.build;
  if (w.kind !== 'serving' || r === null || pc === null || b === null) return null;
  const outputTokens = w.serving.outputTokensMean;
  let perCopy: number;
  let gpusPerCopy = r.gpus / r.replicas;
  let rateBasis: string;
  const load = w.serving.load;
  if (w.target !== null) {
    const slo = {
      ttftLimitMs: w.target.ttftLimitMs,
      tpotLimitMs: w.target.tpotLimitMs,
      percentile: w.target.percentile,
    };
    let sizing;
    try {
      sizing = gpusForTargetLoad(servingSectionsOf(scenario, w), w.target.requestsPerS, slo);
    } catch (e) {
      // No rate meets the target's limits: no fleet serves it (the evaluation warns why).
      if (e instanceof UnreachableSloError) return null;
      throw e;
    }
    perCopy = sizing.requestsPerSPerReplica * outputTokens;
    gpusPerCopy = sizing.gpusPerReplica;
    rateBasis = `p${slo.percentile} TTFT ≤ ${slo.ttftLimitMs} ms and TPOT ≤ ${slo.tpotLimitMs} ms (sizing target)`;
  } else if (load.mode === 'slo') {
    perCopy = r.outputTokensPerS / r.replicas;
    rateBasis = `p${load.percentile} TTFT ≤ ${load.ttftLimitMs} ms and TPOT ≤ ${load.tpotLimitMs} ms (the scenario's load)`;
  } else {
    perCopy = r.capacityOutputTokensPerS / r.replicas;
    rateBasis = 'full batch, no latency limit stated';
  }
  // A copy that serves no rate within its limits (an SLO load none meets) sizes no fleet.
  if (!(perCopy > 0)) return null;
  const sum = (l: Readonly<Record<string, number>>): number =>
    Object.values(l).reduce((a, v) => a + v, 0);
  const gpus = b.gpus;
  const running = sum(pc.itPowerKw.running) / gpus;
  const average = sum(pc.itPowerKw.average) / gpus;
  const u = b.finance.utilization;
  // The calendar average is u × running + (1 − u) × idle (model/power itPowerOf).
  const idle = u < 1 ? Math.max(0, Math.min(running, (average - u * running) / (1 - u))) : running;
  const c = pc.cost;
  const horizon = b.finance.horizonYears;
  let fixed: number;
  let electricity = pc.facility.electricityPerKwh;
  if (w.gpuHourUsd !== null) {
    fixed = w.gpuHourUsd * 8760;
    electricity = 0;
  } else {
    const energy = c.schedule.years.reduce((a, y) => a + y.opex.energyUsd, 0);
    fixed = (c.tcoUsd - energy) / (horizon * gpus);
  }
  return {
    currency: result.currency,
    outputTokensPerSPerCopy: perCopy,
    gpusPerCopy,
    rateBasis,
    itKwPerGpuRunning: running,
    itKwPerGpuIdle: idle,
    pue: pc.pue,
    fixedCostPerGpuYear: Math.max(0, fixed),
    electricityPerKwh: electricity,
  };
}
