/**
 * Latency–throughput curve of a deployment as the offered load grows, the point where a
 * latency limit breaks, and sizing (GPUs for a target load under TTFT/TPOT limits at a
 * percentile). Percentiles come from means as stated in evaluate.ts.
 */
import { formatGroupedInteger } from '../math';
import {
  chooseLayout,
  copyCapacityRequestsPerS,
  lightestLoadPercentiles,
  rateOperatingPoint,
  sloRatePerCopy,
} from './evaluate';
import type { PreparedServing } from './engine';
import { servingInputOf } from './input';
import type { ServingConfig, ServingSections } from './types';

/** One point of the curve (whole system). */
export type ServingCurvePoint = {
  /** Offered Poisson rate, requests/s. */
  readonly requestsPerS: number;
  /** Offered load / capacity. */
  readonly utilization: number;
  readonly outputTokensPerS: number;
  readonly outputTokensPerSPerGpu: number;
  readonly ttftMs: number;
  readonly tpotMs: number;
  readonly ttftPctMs: number;
  readonly tpotPctMs: number;
  /** Running requests per model copy. */
  readonly runningBatch: number;
  /** Both percentile limits hold at this point (always true when no limits are given). */
  readonly withinSlo: boolean;
};

/** Latency limits at a percentile. */
export type ServingSlo = {
  readonly ttftLimitMs: number;
  readonly tpotLimitMs: number;
  /** Percentile in (0, 100), e.g. 99. */
  readonly percentile: number;
};

export type ServingCurve = {
  readonly points: readonly ServingCurvePoint[];
  /** System capacity at the full batch, requests/s. */
  readonly capacityRequestsPerS: number;
  /**
   * Where the SLO breaks: the highest rate that still meets both limits, and which limit binds
   * there (`ttft`, `tpot`, or `capacity` when the limits hold up to saturation). null: no SLO given.
   */
  readonly sloBreak: null | {
    readonly requestsPerS: number;
    readonly outputTokensPerS: number;
    readonly binding: 'ttft' | 'tpot' | 'capacity' | 'unreachable';
    readonly label: string;
  };
};

function pointAt(
  p: PreparedServing,
  config: ServingConfig,
  lambdaPerCopy: number,
  q: number,
  slo: ServingSlo | null,
): ServingCurvePoint {
  const copies = p.replicas * p.instancesPerGpu;
  const gpus = config.partition.kind === 'none' ? p.tp * p.pp * p.replicas : p.replicas;
  const op = rateOperatingPoint(p, lambdaPerCopy, q, null);
  const tokens = op.requestsPerS * config.outputTokens * copies;
  let within = true;
  if (slo !== null) {
    const qs = slo.percentile / 100;
    const sop = qs === q ? op : rateOperatingPoint(p, lambdaPerCopy, qs, null);
    within =
      !sop.saturated &&
      sop.ttftPctS * 1000 <= slo.ttftLimitMs &&
      sop.tpotPctS * 1000 <= slo.tpotLimitMs;
  }
  return {
    requestsPerS: lambdaPerCopy * copies,
    utilization: op.utilization,
    outputTokensPerS: tokens,
    outputTokensPerSPerGpu: tokens / gpus,
    ttftMs: op.ttftS * 1000,
    tpotMs: op.tpotS * 1000,
    ttftPctMs: op.ttftPctS * 1000,
    tpotPctMs: op.tpotPctS * 1000,
    runningBatch: op.b,
    withinSlo: within,
  };
}

/**
 * Latency–throughput curve: `points` offered Poisson rates evenly spaced from 5 % to 100 % of
 * capacity (the last point is the saturated copy), each with throughput and mean/percentile
 * TTFT and TPOT; and, when `slo` is given, the named point where it breaks.
 *
 * @param sections the scenario sections (model/serving `ServingSections`; the workload's load is
 *   ignored: the curve sweeps the rate)
 * @param slo latency limits, or null
 * @param points number of points, 2–200
 */
export function servingCurve(
  sections: ServingSections,
  slo: ServingSlo | null,
  points = 20,
): ServingCurve {
  return servingCurveOfInput(servingInputOf(sections), slo, points);
}

/** {@link servingCurve} on the engine's working input (its tests state it directly). */
export function servingCurveOfInput(
  config: ServingConfig,
  slo: ServingSlo | null,
  points = 20,
): ServingCurve {
  if (!(Number.isInteger(points) && points >= 2 && points <= 200)) {
    throw new Error('points: must be an integer from 2 to 200');
  }
  // The curve describes the deployment tuned for its SLO (batch sized by memory, as the 'slo'
  // load), so its break point agrees with gpusForTargetLoad.
  const p = chooseLayout({
    ...config,
    load: { mode: 'slo', ttftLimitMs: 1e6, tpotLimitMs: 1e6, percentile: 99 },
  });
  const capacity = copyCapacityRequestsPerS(p);
  const copies = p.replicas * p.instancesPerGpu;
  const q = config.reportPercentile / 100;
  const out: ServingCurvePoint[] = [];
  for (let i = 0; i < points; i++) {
    const f = 0.05 + (0.95 * i) / (points - 1);
    out.push(pointAt(p, config, capacity * f, q, slo));
  }
  let sloBreak: ServingCurve['sloBreak'] = null;
  if (slo !== null) {
    const qs = slo.percentile / 100;
    const lambda = sloRatePerCopy(p, slo.ttftLimitMs / 1000, slo.tpotLimitMs / 1000, qs);
    let binding: 'ttft' | 'tpot' | 'capacity' | 'unreachable';
    if (lambda <= 0) binding = 'unreachable';
    else if (lambda >= capacity * (1 - 1e-6)) binding = 'capacity';
    else {
      const above = rateOperatingPoint(p, Math.min(lambda * 1.01, capacity * (1 - 1e-9)), qs, null);
      binding = above.tpotPctS * 1000 > slo.tpotLimitMs ? 'tpot' : 'ttft';
    }
    const rate = lambda * copies;
    const tokens = rate * config.outputTokens;
    const label =
      binding === 'unreachable'
        ? `p${slo.percentile} limits cannot be met even at light load`
        : binding === 'capacity'
          ? `limits hold up to capacity (${rate.toFixed(2)} req/s)`
          : `p${slo.percentile} ${binding.toUpperCase()} limit breaks above ${rate.toFixed(2)} req/s (${tokens.toFixed(0)} output tokens/s)`;
    sloBreak = { requestsPerS: rate, outputTokensPerS: tokens, binding, label };
  }
  return { points: out, capacityRequestsPerS: capacity * copies, sloBreak };
}

/** Sizing answer. */
export type ServingSizing = {
  /** GPUs needed (whole GPUs; partitioned instances are packed per GPU). */
  readonly gpus: number;
  readonly replicas: number;
  readonly gpusPerReplica: number;
  /** Highest rate one copy sustains within the limits, requests/s. */
  readonly requestsPerSPerReplica: number;
  /** Load on each copy at the sized count / its SLO rate (≤ 1). */
  readonly headroomUse: number;
};

/**
 * A sizing target no number of GPUs meets: one model copy misses a limit even at the lightest
 * load. The message names the field and the copy's percentiles there.
 */
export class UnreachableSloError extends Error {
  override readonly name = 'UnreachableSloError';
}

/** A time in ms as a message writes it: whole ms with grouped digits, one decimal below 10. */
function msText(seconds: number): string {
  const ms = seconds * 1000;
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${formatGroupedInteger(Math.round(ms))} ms`;
}

/** `p99 TTFT ≤ 2,000 ms and TPOT ≤ 50 ms`. */
function sloText(slo: ServingSlo): string {
  return `p${slo.percentile} TTFT ≤ ${msText(slo.ttftLimitMs / 1000)} and TPOT ≤ ${msText(slo.tpotLimitMs / 1000)}`;
}

/**
 * Why no rate meets `slo`: the copy's percentiles at the lightest load beside the limits they
 * miss, and what would change them.
 */
function shortfallText(p: PreparedServing, slo: ServingSlo): string {
  const l = lightestLoadPercentiles(p, slo.percentile / 100);
  const missed: string[] = [];
  if (l.ttftPctS * 1000 > slo.ttftLimitMs) {
    missed.push(`TTFT ${msText(l.ttftPctS)} (limit ${msText(slo.ttftLimitMs / 1000)})`);
  }
  if (l.tpotPctS * 1000 > slo.tpotLimitMs) {
    missed.push(`TPOT ${msText(l.tpotPctS)} (limit ${msText(slo.tpotLimitMs / 1000)})`);
  }
  const copy =
    p.instancesPerGpu > 1
      ? `one of ${p.instancesPerGpu} instances per GPU`
      : `TP ${p.tp} × PP ${p.pp}`;
  return (
    `even one request at a time, a model copy (${copy}) has p${slo.percentile} ` +
    `${missed.join(' and ')}; raise the limits, or change the accelerator, ` +
    `${p.instancesPerGpu > 1 ? 'the GPU partitioning' : 'the GPUs per model copy'}, the precision or the prompt length`
  );
}

/**
 * Why a deployment whose load is an SLO serves no rate within it (its result then holds the
 * lightest load's figures); null when some rate meets it.
 * @param sections the scenario sections, with an `slo` load
 */
export function sloLoadShortfall(sections: ServingSections): string | null {
  const config = servingInputOf(sections);
  const load = config.load;
  if (load.mode !== 'slo') return null;
  const p = chooseLayout(config);
  const slo: ServingSlo = {
    ttftLimitMs: load.ttftLimitMs,
    tpotLimitMs: load.tpotLimitMs,
    percentile: load.percentile,
  };
  const q = slo.percentile / 100;
  if (sloRatePerCopy(p, slo.ttftLimitMs / 1000, slo.tpotLimitMs / 1000, q) > 0) return null;
  return `workload.serving.load: no offered rate meets ${sloText(slo)}, and the figures shown are at the lightest load: ${shortfallText(p, slo)}`;
}

/**
 * GPUs needed for `targetRequestsPerS` under TTFT/TPOT limits at a percentile: the SLO rate of
 * one model copy (bisection on the rate, evaluate.ts), replicas = ceil(target / that rate),
 * GPUs = replicas × tp × pp (or replicas / instances per GPU for a partitioned GPU).
 * Throws {@link UnreachableSloError} when one copy cannot meet the limits at any load.
 * @param sections the scenario sections (model/serving `ServingSections`)
 */
export function gpusForTargetLoad(
  sections: ServingSections,
  targetRequestsPerS: number,
  slo: ServingSlo,
): ServingSizing {
  return gpusForTargetLoadOfInput(servingInputOf(sections), targetRequestsPerS, slo);
}

/** {@link gpusForTargetLoad} on the engine's working input (its tests state it directly). */
export function gpusForTargetLoadOfInput(
  config: ServingConfig,
  targetRequestsPerS: number,
  slo: ServingSlo,
): ServingSizing {
  if (!(targetRequestsPerS > 0 && Number.isFinite(targetRequestsPerS))) {
    throw new Error('targetRequestsPerS: must be a positive finite number');
  }
  // The load's own configuration when it is this SLO: the same layout object, so the per-copy
  // rate the load's evaluation solved is reused (sloRatePerCopy's memo), not solved again.
  const l = config.load;
  const sameSlo =
    l.mode === 'slo' &&
    l.ttftLimitMs === slo.ttftLimitMs &&
    l.tpotLimitMs === slo.tpotLimitMs &&
    l.percentile === slo.percentile;
  const p = chooseLayout(sameSlo ? config : { ...config, load: { mode: 'slo', ...slo } });
  const lambda = sloRatePerCopy(
    p,
    slo.ttftLimitMs / 1000,
    slo.tpotLimitMs / 1000,
    slo.percentile / 100,
  );
  if (lambda <= 0) {
    throw new UnreachableSloError(
      `workload.target: no number of GPUs meets ${sloText(slo)}: ${shortfallText(p, slo)}`,
    );
  }
  const replicas = Math.ceil(targetRequestsPerS / lambda - 1e-9);
  const gpusPerReplica = config.partition.kind === 'none' ? p.tp * p.pp : 1 / p.instancesPerGpu;
  return {
    gpus: Math.ceil(replicas * gpusPerReplica - 1e-9),
    replicas,
    gpusPerReplica,
    requestsPerSPerReplica: lambda,
    headroomUse: targetRequestsPerS / replicas / lambda,
  };
}
