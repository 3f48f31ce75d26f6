import { inverseNormalCdf } from '../math';
/**
 * Steady state of a serving deployment for each load mode, SLO search, layout choice and the
 * result assembly. Queueing model (stated):
 *
 * - Each model copy is a continuous-batching server with `maxBatch` slots (KV memory / stack
 *   cap). A running request holds a slot for its service time S = TTFT_service + (L_out − 1)·TPOT,
 *   and TPOT = decode step at the running batch b (engine.ts), so b, S and the offered rate λ obey
 *   Little's law b = λ·S (solved by bisection; throughput b/t(b) rises with b because every step
 *   has a fixed part, so the solution is unique and load-monotone).
 * - Requests wait only for a free slot: M/M/c with c = maxBatch servers and offered load a = b
 *   (Erlang C; mean wait C·S/(c − a), tail P(W > t) = C·e^{−(c−a)t/S}).
 * - At or above capacity (λ ≥ maxBatch/S(maxBatch)) the copy runs full: throughput = capacity,
 *   TPOT = t(maxBatch), and the queue grows linearly over a finite run of N requests (mean wait
 *   N/2·(1/μ − 1/λ)); N = requestCount, or 1,000 per copy when none is given (flagged `saturated`).
 * - A finite run of N requests (requestCount) is scheduled step by step (finiteRunPoint): the
 *   batch builds up while the requests arrive, bounded by the slots and the step's token budget,
 *   and each request leaves after its own tokens, so a short run near capacity does not reach the
 *   steady-state batch. Runs too long for that (FINITE_RUN_MAX_STEPS) keep the steady state,
 *   where a run near capacity holds the random-walk backlog of a critically loaded queue,
 *   (2/3)·√(4N/π) requests on average (criticalRunWaitS): it caps the Erlang wait below capacity
 *   and is the base of the linear growth above it, so latency is continuous in the offered rate.
 * - Closed loop (concurrency C): b = min(C, maxBatch) run, the rest queue: X = b/S, wait (C − b)/X.
 *
 * Percentiles from means: per-request TPOT ~ normal with cv 0.08 (constants.ts); TTFT p-quantile =
 * front-end overhead + p-quantile of the residual step (uniform) + prompt step + Erlang-C wait
 * quantile (a sum of quantiles, so slightly conservative).
 */
import { TPOT_CV } from './constants';
import {
  decodeStepBreakdown,
  decodeStepS,
  mixedStepS,
  prefillServiceS,
  prepareServing,
  staticDecodeS,
  staticPrefillS,
  type PreparedServing,
} from './engine';
import { servingInputOf } from './input';
import type { ServingConfig, ServingResult, ServingSections } from './types';

const DEFAULT_RUN_REQUESTS = 1000;
const GIB = 1024 ** 3;

/** Standard normal quantile for p in (0, 1) (model/math `inverseNormalCdf`, Acklam 2003). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`percentile: must be in (0, 100), got ${p * 100}`);
  return inverseNormalCdf(p);
}

/** Erlang C: probability an arrival waits, c servers, offered load a (erlangs). */
export function erlangC(c: number, a: number): number {
  const servers = Math.max(1, Math.floor(c));
  if (a >= servers) return 1;
  if (a <= 0) return 0;
  // Far below the knee the waiting probability is negligible (Halfin–Whitt regime bound).
  if (a < servers - 8 * Math.sqrt(servers) - 10) return 0;
  // Erlang B recursion B_k = a·B_{k−1}/(k + a·B_{k−1}). Below k ≈ a − 10√a the system is
  // overloaded and B_k ≈ 1 − k/a; start there (the recursion forgets its start geometrically).
  const k0 = Math.max(0, Math.floor(a - 10 * Math.sqrt(a) - 10));
  let b = k0 === 0 ? 1 : Math.max(1 - k0 / a, 1e-12);
  for (let k = k0 + 1; k <= servers; k++) b = (a * b) / (k + a * b);
  return (servers * b) / (servers - a * (1 - b));
}

type OperatingPoint = {
  /** Running requests per copy. */
  readonly b: number;
  readonly tpotS: number;
  readonly ttftS: number;
  readonly ttftPctS: number;
  readonly tpotPctS: number;
  /** Completed requests per second per copy. */
  readonly requestsPerS: number;
  readonly e2eS: number;
  readonly saturated: boolean;
  readonly utilization: number;
};

function serviceTimeS(p: PreparedServing, b: number): number {
  return prefillServiceS(p, b) + (p.outputTokens - 1) * decodeStepS(p, b);
}

/**
 * Capacity of one copy: the highest rate it holds in steady state, completed requests per second
 * at the full batch. On a static-shape engine (batch bucket, engine.ts `paddedDecodeRows`) a
 * batch just past a bucket multiple pays for the whole next bucket, so a full bucket below the
 * slot limit can complete more than the full batch: the capacity is the best of the full batch
 * and every full bucket below it (the rates a queue filling from empty can settle at,
 * {@link smallestBatchRoot}). Without a bucket: the full batch.
 */
export function copyCapacityRequestsPerS(p: PreparedServing): number {
  const full = p.maxBatch / serviceTimeS(p, p.maxBatch);
  if (p.batchBucket <= 1) return full;
  const cached = paddedCapacity.get(p);
  if (cached !== undefined) return cached;
  let best = full;
  const unit = p.batchBucket * p.pp;
  for (let b = unit; b < p.maxBatch; b += unit) {
    const r = b / serviceTimeS(p, b);
    if (r > best) best = r;
  }
  paddedCapacity.set(p, best);
  return best;
}

/** {@link copyCapacityRequestsPerS} of a static-shape copy, one scan per prepared layout. */
const paddedCapacity = new WeakMap<PreparedServing, number>();

/**
 * Running batch b in [0, hi] where a Little's-law residual f(b) (positive at 0, e.g.
 * λ·S(b) − b) first changes sign. Without a batch bucket f falls continuously and has one root.
 * With one, each bucket multiple adds a whole bucket of padded rows, so f jumps up there and may
 * cross zero again above; a queue filling from empty stops at the first crossing. The buckets
 * are searched in order (f is continuous inside each, its value at a multiple is the lower
 * bucket's) and the root solved in the first whose upper end is not positive; in [last multiple,
 * hi] when none is.
 */
function smallestBatchRoot(
  p: PreparedServing,
  f: (b: number) => number,
  hi: number,
  tol: number,
): number {
  if (p.batchBucket <= 1) return rootIllinois(f, 0, hi, tol);
  const unit = p.batchBucket * p.pp;
  let lo = 0;
  for (let edge = unit; edge < hi; edge += unit) {
    if (f(edge) <= 0) return rootIllinois(f, lo, edge, tol);
    lo = edge;
  }
  return rootIllinois(f, lo, hi, tol);
}

function ttftPercentile(
  p: PreparedServing,
  b: number,
  q: number,
  waitC: number,
  S: number,
  service: number,
): number {
  const step = decodeStepS(p, Math.max(b, 1));
  const residualMean = b > 1 ? 0.5 * step * Math.min(1, b - 1) : 0;
  const residualQ = b > 1 ? q * step * Math.min(1, b - 1) : 0;
  const gap = p.maxBatch - b;
  const wait = waitC > 1 - q && gap > 0 ? (Math.log(waitC / (1 - q)) * S) / gap : 0;
  return service - residualMean + residualQ + wait;
}

/**
 * Mean slot wait of a finite run of `n` requests offered at exactly a copy's capacity `mu`
 * (requests/s), seconds. With arrivals and departures both Poisson at μ the backlog is a reflected
 * random walk of variance rate 2μ, so its mean after t seconds is √(4μt/π) (half-normal mean);
 * averaged over the run (t ≤ n/μ) that is (2/3)·√(4n/π) requests, and by Little's law the mean
 * wait is that over μ. A finite run near capacity never builds the steady-state Erlang backlog,
 * which grows without bound as λ → μ, so the wait below capacity is capped by this and the wait
 * above capacity starts from it: latency then rises continuously with the offered rate.
 */
function criticalRunWaitS(mu: number, n: number): number {
  return ((2 / 3) * Math.sqrt((4 * n) / Math.PI)) / mu;
}

/** p-quantile over mean of a half-normal backlog (used for the critical-run wait's percentile). */
function halfNormalQuantileRatio(q: number): number {
  return normalQuantile((1 + q) / 2) / Math.sqrt(2 / Math.PI);
}

/** Open-loop Poisson arrivals at `lambda` requests/s per copy. */
export function rateOperatingPoint(
  p: PreparedServing,
  lambda: number,
  q: number,
  runRequests: number | null,
): OperatingPoint {
  const z = normalQuantile(q);
  const bMax = p.maxBatch;
  const capacity = copyCapacityRequestsPerS(p);
  const n = runRequests ?? DEFAULT_RUN_REQUESTS;
  const critWait = criticalRunWaitS(capacity, n);
  const critWaitPct = critWait * halfNormalQuantileRatio(q);
  if (lambda >= capacity) {
    const prefill = prefillServiceS(p, bMax);
    const tpot = decodeStepS(p, bMax);
    const S = prefill + (p.outputTokens - 1) * tpot;
    // Past a static-shape copy's capacity the backlog fills every slot, which may complete fewer
    // requests than a full bucket below (copyCapacityRequestsPerS); without a bucket: the same.
    const served = p.batchBucket > 1 ? bMax / S : capacity;
    // The backlog grows linearly over the run (uniform wait from 0 to n·(1/μ − 1/λ)) on top of the
    // random-walk backlog of a critically loaded run.
    const growth = (n / 2) * (1 / served - 1 / lambda);
    const wait = critWait + growth;
    const ttft = prefill + wait;
    return {
      b: bMax,
      tpotS: tpot,
      ttftS: ttft,
      ttftPctS: prefill + critWaitPct + 2 * growth * q,
      tpotPctS: tpot * (1 + z * TPOT_CV),
      requestsPerS: served,
      e2eS: S + wait,
      saturated: true,
      utilization: lambda / capacity,
    };
  }
  // Little's law b = λ·S(b): root of λ·S(b) − b on [0, bMax] (positive at 0, negative at bMax).
  // Solved tightly: near saturation the queueing wait C·S/(bMax − b) magnifies any error in b,
  // and a loose root would make latency wobble as the load grows. The first root from an empty
  // queue (several under static-shape padding: smallestBatchRoot).
  const b = smallestBatchRoot(p, (x) => lambda * serviceTimeS(p, x) - x, bMax, 1e-10 * bMax);
  const prefill = prefillServiceS(p, b);
  const tpot = decodeStepS(p, b);
  const S = prefill + (p.outputTokens - 1) * tpot;
  const C = erlangC(bMax, b);
  const gap = bMax - b;
  const steadyWait = gap > 0 ? (C * S) / gap : critWait;
  const wait = steadyWait < critWait ? steadyWait : critWait;
  const ttft = prefill + wait;
  const steadyPct = ttftPercentile(p, b, q, C, S, prefill);
  const critPct = prefill + critWaitPct;
  return {
    b,
    tpotS: tpot,
    ttftS: ttft,
    ttftPctS: steadyPct < critPct ? steadyPct : critPct,
    tpotPctS: tpot * (1 + z * TPOT_CV),
    requestsPerS: lambda,
    e2eS: S + wait,
    saturated: false,
    utilization: lambda / capacity,
  };
}

/**
 * Most engine steps a finite run is scheduled for step by step ({@link finiteRunPoint}); a longer
 * run is taken at its steady state. A bound on the engine's own work (each step is one step-time
 * evaluation), not a property of the served system.
 */
const FINITE_RUN_MAX_STEPS = 100_000;

/**
 * A finite run of `n` requests per model copy, arriving evenly at `lambda` requests/s
 * (Infinity: all at once, an offline run), scheduled step by step as an in-flight batching
 * engine runs it (Orca; TensorRT-LLM's batch manager, vLLM's scheduler): each step admits the
 * waiting requests that the free slots (`maxBatch`) and the step's token budget
 * (`maxTokensPerStep` less the running decodes) allow, runs their whole prompts with one token
 * of every running request (`mixedStepS`), and a request admitted in a step produces its first
 * token there and leaves after L_out − 1 more steps. Requests are counted as a fluid (a step may
 * admit part of a request: a prompt chunked over steps).
 *
 * Why not the steady state: a run of a few hundred requests near capacity never reaches the
 * Little's-law batch b = λ·S(b), whose distance to the copy's limits shrinks as 1/(1 − ρ) and
 * which takes of the order of S/(1 − ρ) to build up; and with every request generating the same
 * number of tokens the batch does not drain exponentially but a whole S after the last
 * admission. The running batch rises while requests arrive, is bounded by the slots and the
 * token budget, and TPOT is the mean step time each request saw (Little's law over the run:
 * Σ per-request decode time = ∫ running batch dt). Offline runs (all requests at t = 0) get the
 * prompt phase spread over the first steps as the token budget admits them, which is the queue
 * that makes their mean TTFT seconds long (TensorRT-LLM 0.14 Triton runs of 500 requests: 9.1 s
 * measured, 9.2 s here).
 *
 * @returns the operating point, or null when the run needs more than FINITE_RUN_MAX_STEPS steps
 */
export function finiteRunPoint(
  p: PreparedServing,
  lambda: number,
  n: number,
  q: number,
): OperatingPoint | null {
  const z = normalQuantile(q);
  const decodeSteps = Math.max(1, Math.round(p.outputTokens - 1));
  const ring = decodeSteps + 1;
  const ringCount = new Float64Array(ring);
  const ringFirstToken = new Float64Array(ring);
  const allAtOnce = !Number.isFinite(lambda);
  const ttftSamples: number[] = [];
  const ttftWeights: number[] = [];
  const doneTarget = n * (1 - 1e-12);
  let t = 0;
  let admitted = 0;
  let running = 0;
  let done = 0;
  let sumTpot = 0;
  let sumTpotSq = 0;
  let sumTtft = 0;
  let batchTime = 0;
  let step = 0;
  let idle = 0;
  let arrivedAtStepStart = false;
  while (done < doneTarget) {
    if (step > FINITE_RUN_MAX_STEPS || idle > FINITE_RUN_MAX_STEPS) return null;
    const arrived = allAtOnce ? n : Math.min(n, lambda * t);
    const pending = arrived - admitted;
    if (running <= 1e-12 * n && pending <= 1e-12 * n) {
      if (admitted >= doneTarget) break;
      // Idle until the next request arrives; an idle engine starts its step on the arrival.
      t = Math.max(t, Math.min(n, admitted + 1) / lambda);
      arrivedAtStepStart = true;
      idle++;
      continue;
    }
    const room = p.maxBatch - running;
    const budgetPrompts = (p.maxTokensPerStep - running * p.specTokens) / p.inputTokens;
    let k = Math.min(pending, room, budgetPrompts);
    if (!(k > 0)) k = 0;
    const dt = mixedStepS(p, running, k);
    // A request's own prompt runs whole in one step (chunked only beyond the token budget): the
    // fluid spreads a fraction of a prompt over a step's time, its first token waits for a step
    // that carries a whole prompt.
    const ownStep = k > 0 && k < 1 ? mixedStepS(p, running, Math.min(1, budgetPrompts)) : dt;
    const stepStart = t;
    batchTime += running * dt;
    t += dt;
    // The cohort admitted decodeSteps steps ago produced its last token in this step.
    const slot = step % ring;
    const finishing = step >= decodeSteps ? (step - decodeSteps) % ring : -1;
    if (finishing >= 0) {
      const c = ringCount[finishing] as number;
      if (c > 0) {
        const tpot = (t - (ringFirstToken[finishing] as number)) / decodeSteps;
        sumTpot += c * tpot;
        sumTpotSq += c * tpot * tpot;
        running -= c;
        done += c;
        ringCount[finishing] = 0;
      }
    }
    if (k > 0) {
      // Requests that arrived while the previous step ran wait for its end (on average from the
      // middle of their arrival span); one that arrived at an idle engine starts at once.
      const arrivalMean = allAtOnce
        ? 0
        : arrivedAtStepStart
          ? stepStart
          : Math.min(stepStart, (admitted + k / 2) / lambda);
      const ttft = stepStart + ownStep - arrivalMean + p.stack.requestOverheadS;
      sumTtft += k * ttft;
      ttftSamples.push(ttft);
      ttftWeights.push(k);
      running += k;
      admitted += k;
    }
    ringCount[slot] = k;
    ringFirstToken[slot] = t;
    arrivedAtStepStart = false;
    step++;
  }
  const tpotMean = sumTpot / n;
  const tpotSd = Math.sqrt(Math.max(0, sumTpotSq / n - tpotMean * tpotMean));
  const ttftMean = sumTtft / n;
  const capacity = copyCapacityRequestsPerS(p);
  return {
    b: batchTime / t,
    tpotS: tpotMean,
    ttftS: ttftMean,
    ttftPctS: weightedQuantile(ttftSamples, ttftWeights, q),
    // Per-request spread (cv, as at steady state) and the spread between cohorts of the run.
    tpotPctS: tpotMean + z * Math.sqrt(tpotSd * tpotSd + (TPOT_CV * tpotMean) ** 2),
    requestsPerS: n / t,
    e2eS: ttftMean + decodeSteps * tpotMean,
    saturated: !allAtOnce && lambda >= capacity,
    utilization: allAtOnce ? 1 : lambda / capacity,
  };
}

/** q-quantile of samples with weights (the smallest sample whose cumulative weight reaches q). */
function weightedQuantile(samples: number[], weights: number[], q: number): number {
  const order = samples
    .map((_, i) => i)
    .sort((a, b) => (samples[a] as number) - (samples[b] as number));
  let total = 0;
  for (const w of weights) total += w;
  let acc = 0;
  for (const i of order) {
    acc += weights[i] as number;
    if (acc >= q * total) return samples[i] as number;
  }
  return samples[order[order.length - 1] as number] as number;
}

function concurrencyOperatingPoint(
  p: PreparedServing,
  concurrency: number,
  q: number,
): OperatingPoint {
  const z = normalQuantile(q);
  const b = Math.min(concurrency, p.maxBatch);
  const S = serviceTimeS(p, b);
  const X = b / S;
  const wait = (concurrency - b) / X;
  const tpot = decodeStepS(p, b);
  const service = prefillServiceS(p, b);
  return {
    b,
    tpotS: tpot,
    ttftS: service + wait,
    ttftPctS: service + wait + (q - 0.5) * decodeStepS(p, Math.max(b, 1)),
    tpotPctS: tpot * (1 + z * TPOT_CV),
    requestsPerS: X,
    e2eS: S + wait,
    saturated: false,
    utilization: X / copyCapacityRequestsPerS(p),
  };
}

function offlineOperatingPoint(
  p: PreparedServing,
  q: number,
  runRequestsPerCopy: number | null,
): OperatingPoint {
  const z = normalQuantile(q);
  const n = runRequestsPerCopy;
  if (n !== null && n <= p.maxBatch) {
    // One wave: every request admitted at once; their prompts run first (compute-bound, in
    // max_num_tokens chunks), then all decode together. A request prefilled at time t_i waits
    // (P − t_i) inside its decode, so the mean TPOT carries half the prompt phase.
    const P = staticPrefillS(p, n);
    const tDec = staticDecodeS(p, n);
    const steps = Math.max(p.outputTokens - 1, 1);
    const tpot = tDec + P / (2 * steps);
    const total = P + (p.outputTokens - 1) * tDec;
    return {
      b: n,
      tpotS: tpot,
      ttftS: p.stack.requestOverheadS + P / 2,
      ttftPctS: p.stack.requestOverheadS + P * q,
      tpotPctS: tDec + (P * q) / steps,
      requestsPerS: n / total,
      e2eS: total,
      saturated: false,
      utilization: 1,
    };
  }
  const b = p.maxBatch;
  const S = serviceTimeS(p, b);
  const X = b / S;
  const tpot = decodeStepS(p, b);
  const wait = n !== null && n > b ? ((n - b) * (n - b)) / (2 * n * X) : 0;
  const service = prefillServiceS(p, b);
  const duration = n !== null ? Math.max(n - b, 0) / X + S : null;
  return {
    b,
    tpotS: tpot,
    ttftS: service + wait,
    ttftPctS: service + (n !== null && n > b ? ((n - b) / X) * q : 0),
    tpotPctS: tpot * (1 + z * TPOT_CV),
    requestsPerS: duration !== null && n !== null ? n / duration : X,
    e2eS: S + wait,
    saturated: false,
    utilization: 1,
  };
}

function batchOperatingPoint(p: PreparedServing, batch: number, q: number): OperatingPoint {
  const z = normalQuantile(q);
  if (batch > p.maxBatch + 1e-9) {
    throw new Error(
      `workload.serving.load.batch: ${batch} requests per model copy exceed the ${Math.floor(p.maxBatch)} the KV cache and stack allow`,
    );
  }
  const ttft = staticPrefillS(p, batch);
  const tpot = staticDecodeS(p, batch);
  const e2e = ttft + (p.outputTokens - 1) * tpot;
  return {
    b: batch,
    tpotS: tpot,
    ttftS: ttft,
    ttftPctS: ttft,
    tpotPctS: tpot * (1 + z * TPOT_CV * 0.25),
    requestsPerS: batch / e2e,
    e2eS: e2e,
    saturated: false,
    utilization: batch / p.maxBatch,
  };
}

/** The lightest load the SLO search starts from, as a fraction of a copy's capacity. */
const LIGHTEST_LOAD = 1e-6;

/**
 * The q-quantile TTFT and TPOT of one copy at the lightest load (one request at a time, no
 * queue), seconds: the best any offered rate gets, so limits below them hold at no rate.
 * @param capacity - the copy's capacity, requests/s, when the caller has it already
 */
export function lightestLoadPercentiles(
  p: PreparedServing,
  q: number,
  capacity: number = copyCapacityRequestsPerS(p),
): { readonly ttftPctS: number; readonly tpotPctS: number } {
  const floor = capacity * LIGHTEST_LOAD;
  return {
    ttftPctS: rateOperatingPoint(p, floor, q, null).ttftPctS,
    tpotPctS:
      decodeStepS(p, Math.max(floor * serviceTimeS(p, 0), 1e-9)) *
      (1 + normalQuantile(q) * TPOT_CV),
  };
}

/**
 * Highest Poisson rate per copy whose q-quantile TTFT and TPOT stay within the limits. TPOT
 * depends on the rate only through the running batch, so its bound is solved on the batch
 * (t(b)·(1 + z·cv) = limit, then λ = b/S(b)); the TTFT bound is then solved on the rate below
 * it (both percentiles rise with load). 0 when even a light load misses them.
 *
 * @returns requests/s per model copy
 */
export function sloRatePerCopy(
  p: PreparedServing,
  ttftLimitS: number,
  tpotLimitS: number,
  q: number,
): number {
  const last = lastSloRate;
  if (
    last !== null &&
    last.p === p &&
    last.ttft === ttftLimitS &&
    last.tpot === tpotLimitS &&
    last.q === q
  ) {
    return last.rate;
  }
  const rate = solveSloRatePerCopy(p, ttftLimitS, tpotLimitS, q);
  lastSloRate = { p, ttft: ttftLimitS, tpot: tpotLimitS, q, rate };
  return rate;
}

/**
 * The last SLO rate solved (prepared copies are not changed after they are made): a serving
 * evaluation solves it for its `slo` load, and its sizing target with the same limits asks for it
 * again on the same copy (chooseLayout's memo); that second solve was two fifths of the
 * evaluation's step-time work. Each evaluation starts without it (evaluateServingInput), so
 * every evaluation still solves its own load.
 */
let lastSloRate: {
  readonly p: PreparedServing;
  readonly ttft: number;
  readonly tpot: number;
  readonly q: number;
  readonly rate: number;
} | null = null;

function solveSloRatePerCopy(
  p: PreparedServing,
  ttftLimitS: number,
  tpotLimitS: number,
  q: number,
): number {
  const capacity = copyCapacityRequestsPerS(p);
  const tpotFactor = 1 + normalQuantile(q) * TPOT_CV;
  const bMax = p.maxBatch;
  // TPOT at batch b is decodeStepS(p, b) × tpotFactor, TTFT at rate λ the operating point's
  // percentile TTFT. Written out, not as named closures: tsx (the CLI and bench) names every
  // named closure when it is made (esbuild keepNames: a defineProperty per call).
  const floor = capacity * LIGHTEST_LOAD;
  const lightest = lightestLoadPercentiles(p, q, capacity);
  if (lightest.tpotPctS > tpotLimitS || lightest.ttftPctS > ttftLimitS) return 0;
  let lambdaMax = capacity * (1 - 1e-9);
  if (decodeStepS(p, bMax) * tpotFactor > tpotLimitS) {
    const bT = rootIllinois(
      (b) => tpotLimitS - decodeStepS(p, b) * tpotFactor,
      0,
      bMax,
      1e-5 * bMax,
    );
    lambdaMax = Math.min(lambdaMax, bT / serviceTimeS(p, bT));
  }
  if (rateOperatingPoint(p, lambdaMax, q, null).ttftPctS <= ttftLimitS) return lambdaMax;
  return rootIllinois(
    (l) => ttftLimitS - rateOperatingPoint(p, l, q, null).ttftPctS,
    floor,
    lambdaMax,
    1e-5 * lambdaMax,
  );
}

/**
 * Root of a continuous f with f(lo) ≥ 0 ≥ f(hi) (Illinois regula falsi: superlinear, keeps the
 * bracket). Returns a point within `tol` of the sign change.
 */
export function rootIllinois(
  f: (x: number) => number,
  lo: number,
  hi: number,
  tol: number,
): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa <= 0) return a;
  if (fb >= 0) return b;
  let side = 0;
  for (let i = 0; i < 60 && b - a > tol; i++) {
    const c = (a * fb - b * fa) / (fb - fa);
    const fc = f(c);
    if (fc > 0) {
      a = c;
      fa = fc;
      if (side === 1) fb /= 2;
      side = 1;
    } else if (fc < 0) {
      b = c;
      fb = fc;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      return c;
    }
  }
  return fa < -fb ? a : b;
}

function operatingPoint(
  p: PreparedServing,
  config: ServingConfig,
): OperatingPoint & { readonly tpotLowS?: number; readonly tpotHighS?: number } {
  const q = config.reportPercentile / 100;
  const copies = p.replicas * p.instancesPerGpu;
  const load = config.load;
  const perCopyRun = config.requestCount === null ? null : config.requestCount / copies;
  switch (load.mode) {
    case 'offline': {
      const run = perCopyRun === null ? null : finiteRunPoint(p, Infinity, perCopyRun, q);
      return run ?? offlineOperatingPoint(p, q, perCopyRun);
    }
    case 'request_rate': {
      const lambda = load.requestsPerS / copies;
      if (perCopyRun !== null) {
        const run = finiteRunWithBand(p, lambda, perCopyRun, q);
        if (run !== null) return run;
      }
      const op = withCapacityBand(p, lambda, q, perCopyRun);
      if (perCopyRun === null) return op;
      // A run too long to schedule step by step (finiteRunPoint) is taken at its steady state;
      // one whose steady-state backlog would hold half its requests or more never reaches it
      // and is taken as one wave of (at most) N requests.
      if ((op.saturated || op.b >= perCopyRun / 2) && perCopyRun <= p.maxBatch) {
        // A finite run whose requests all fit in the batch: the backlog never queues for a
        // slot, it runs as (at most) one wave; arrivals spread over N/λ cannot finish sooner.
        const wave = offlineOperatingPoint(p, q, perCopyRun);
        const duration = Math.max(
          wave.e2eS,
          perCopyRun / lambda + (p.outputTokens - 1) * staticDecodeS(p, perCopyRun),
        );
        return {
          ...wave,
          requestsPerS: perCopyRun / duration,
          utilization: op.utilization,
          saturated: op.saturated,
        };
      }
      // Finite run: N arrivals over N/λ (or N/μ when saturated), the last one done S later.
      const capacity = copyCapacityRequestsPerS(p);
      const duration = perCopyRun / Math.min(lambda, capacity) + serviceTimeS(p, op.b);
      return { ...op, requestsPerS: perCopyRun / duration };
    }
    case 'concurrency':
      return concurrencyOperatingPoint(p, load.concurrency / copies, q);
    case 'batch':
      return batchOperatingPoint(p, load.batch / copies, q);
    case 'slo': {
      const qs = load.percentile / 100;
      const lambda = sloRatePerCopy(p, load.ttftLimitMs / 1000, load.tpotLimitMs / 1000, qs);
      if (lambda <= 0) {
        const op = rateOperatingPoint(p, copyCapacityRequestsPerS(p) * 1e-4, q, null);
        return { ...op, requestsPerS: 0, utilization: 0 };
      }
      return rateOperatingPoint(p, lambda, q, null);
    }
  }
}

/**
 * Relative error of the engine's serving capacity (one standard deviation): 8.4 %, the 68th
 * percentile of |error| over the 46 throughput cases of serving-dev.json (2026-11-22; median
 * 5.9 %, 90th percentile 14.3 %). Derived from the validation as a whole, no case fitted.
 */
export const CAPACITY_SIGMA = 0.084;
/** 5-point Gauss–Hermite nodes (probabilists') and weights for an expectation over N(0, 1). */
const GH_NODES = [-2.856970013872806, -1.355626179974266, 0, 1.355626179974266, 2.856970013872806];
const GH_WEIGHTS = [
  0.011257411327721, 0.222075922005613, 0.533333333333333, 0.222075922005613, 0.011257411327721,
];

/** Operating point plus the TPOT band a capacity error of ±CAPACITY_SIGMA spans (seconds). */
type BandedPoint = OperatingPoint & { readonly tpotLowS: number; readonly tpotHighS: number };

/**
 * Open-loop point with the engine's own capacity uncertainty carried into TPOT. Near capacity the
 * decode batch, and with it TPOT, moves steeply with the offered load: a capacity a few per cent
 * off turns into a TPOT several times off (MLPerf Server runs offered at 89–96 % of capacity).
 * TPOT is therefore the expectation over a capacity known to ±8.4 % (normal, CAPACITY_SIGMA;
 * 5-point Gauss–Hermite), and its 1-σ band is reported; far below capacity (λ < half of it) the
 * band is negligible and the point is returned with a zero-width band.
 */
export function withCapacityBand(
  p: PreparedServing,
  lambda: number,
  q: number,
  runRequests: number | null,
): BandedPoint {
  return capacityBand(lambda, (l) => rateOperatingPoint(p, l, q, runRequests)) as BandedPoint;
}

/**
 * {@link finiteRunPoint} with the capacity band of {@link withCapacityBand} (the same
 * expectation and ±CAPACITY_SIGMA range, each node a run at λ/c); null when the run is too long
 * to schedule step by step.
 */
function finiteRunWithBand(
  p: PreparedServing,
  lambda: number,
  n: number,
  q: number,
): BandedPoint | null {
  return capacityBand(lambda, (l) => finiteRunPoint(p, l, n, q));
}

/**
 * The point at `lambda` with TPOT taken over a capacity known to ±CAPACITY_SIGMA (see
 * {@link withCapacityBand}): a capacity c times the engine's serves λ like the engine's capacity
 * serves λ/c, so each Gauss–Hermite node is `pointAt(λ/c)`. Null when `pointAt` gives null for
 * any node.
 */
function capacityBand(
  lambda: number,
  pointAt: (lambda: number) => OperatingPoint | null,
): BandedPoint | null {
  const op = pointAt(lambda);
  if (op === null) return null;
  if (op.utilization < 0.5) return { ...op, tpotLowS: op.tpotS, tpotHighS: op.tpotS };
  let expected = 0;
  let expectedPct = 0;
  for (let i = 0; i < GH_NODES.length; i++) {
    const c = Math.max(0.5, 1 + CAPACITY_SIGMA * (GH_NODES[i] as number));
    const o = c === 1 ? op : pointAt(lambda / c);
    if (o === null) return null;
    expected += (GH_WEIGHTS[i] as number) * o.tpotS;
    expectedPct += (GH_WEIGHTS[i] as number) * o.tpotPctS;
  }
  const low = pointAt(lambda / (1 + CAPACITY_SIGMA));
  const high = pointAt(lambda / (1 - CAPACITY_SIGMA));
  if (low === null || high === null) return null;
  return {
    ...op,
    tpotS: expected,
    tpotPctS: expectedPct,
    tpotLowS: low.tpotS,
    tpotHighS: high.tpotS,
  };
}

function powerOfTwoUpTo(n: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= n; k *= 2) out.push(k);
  return out;
}

/**
 * Resolve the layout: the stated tp/pp/replicas, or for null fields the candidate (TP a power of
 * two within the scale-up domain, PP 1 unless nothing fits) with the highest full-batch capacity
 * of the system (batch mode: lowest latency).
 */
export function chooseLayout(config: ServingConfig): PreparedServing {
  let p = layouts.get(config);
  if (p === undefined) {
    p = chooseLayoutOnce(config);
    layouts.set(config, p);
  }
  return p;
}

/**
 * Chosen layouts memoised per configuration object (configurations are not changed after they
 * are made; model/evaluate memoises the scenario's one per workload). Errors are not memoised.
 */
const layouts = new WeakMap<ServingConfig, PreparedServing>();

function chooseLayoutOnce(config: ServingConfig): PreparedServing {
  const { tp, pp, replicas } = config.layout;
  if (tp !== null && pp !== null) {
    const r = replicas ?? Math.floor(config.gpus / (tp * pp));
    if (r < 1)
      throw new Error(`workload.parallelism: tp·pp = ${tp * pp} exceeds the ${config.gpus} GPUs`);
    if (config.partition.kind === 'none' && tp * pp * r > config.gpus) {
      throw new Error(
        `workload.parallelism: tp·pp·replicas = ${tp * pp * r} exceeds the ${config.gpus} GPUs`,
      );
    }
    return prepareServing(config, tp, pp, r);
  }
  // A partitioned GPU serves one copy per instance: TP = PP = 1 is the only layout to try (the
  // wider ones were tried and refused, and the last refusal hid why TP 1 did not fit).
  const partitioned = config.partition.kind !== 'none';
  const tps =
    tp !== null
      ? [tp]
      : partitioned
        ? [1]
        : powerOfTwoUpTo(
            Math.min(
              config.gpus,
              Math.max(config.nvlinkDomainGpus, 1) * (config.nvlinkDomainGpus > 1 ? 1 : 8),
            ),
          );
  const pps = pp !== null ? [pp] : partitioned ? [1] : powerOfTwoUpTo(config.gpus);
  const ep = config.layout.ep;
  if (config.model.moe !== null && !tps.some((t) => t % ep === 0)) {
    throw new Error(
      `workload.parallelism.ep: EP ${ep} spreads a copy's experts over a tensor-parallel group of ${ep} GPUs or a multiple of it, and the largest TP here is ${Math.max(...tps)} (the cluster's GPUs and NVLink domain): lower EP or add GPUs`,
    );
  }
  let best: PreparedServing | null = null;
  let bestScore = -Infinity;
  let lastError = 'no layout fits';
  let widest = 0;
  for (const ppc of pps) {
    for (const tpc of tps) {
      if (tpc * ppc > config.gpus) continue;
      // EP spreads a copy's experts over its tensor-parallel group (scenario consistency).
      if (config.model.moe !== null && tpc % ep !== 0) continue;
      const r = replicas ?? Math.floor(config.gpus / (tpc * ppc));
      if (r < 1) continue;
      let prepared: PreparedServing;
      try {
        prepared = prepareServing(config, tpc, ppc, r);
      } catch (e) {
        lastError = e instanceof Error ? e.message : String(e);
        widest = Math.max(widest, tpc * ppc);
        continue;
      }
      const score =
        config.load.mode === 'batch'
          ? -(
              staticPrefillS(prepared, config.load.batch / r) +
              config.outputTokens * staticDecodeS(prepared, config.load.batch / r)
            )
          : copyCapacityRequestsPerS(prepared) * r;
      if (score > bestScore) {
        bestScore = score;
        best = prepared;
      }
    }
    if (best !== null && pp === null) break; // smallest PP that fits
  }
  if (best === null) {
    // With TP or PP automatic, "raise tp/pp" cannot be followed: say what the GPUs lack.
    const room = /weights \(([\d.]+ GB) per GPU\) leave no room for the KV cache/.exec(lastError);
    if (room !== null && (tp === null || pp === null) && config.partition.kind === 'none') {
      throw new Error(
        `workload.parallelism: no layout of ${config.gpus === 1 ? 'the one GPU' : `the ${config.gpus} GPUs`} leaves room for a KV cache beside the weights: spread over ${widest} GPU${widest === 1 ? '' : 's'} (the widest copy) they still take ${room[1]} per GPU; add GPUs, use one with more memory, or a lower precision`,
      );
    }
    throw new Error(
      lastError.startsWith('workload.') ? lastError : `workload.parallelism: ${lastError}`,
    );
  }
  return best;
}

/** A disaggregated deployment's split and figures (see {@link disaggregatedPoint}). */
export type DisaggregatedSplit = {
  readonly prefillCopies: number;
  readonly decodeCopies: number;
  /** KV cache hand-off of one request from its prefill copy to its decode copy, s. */
  readonly kvTransferS: number;
  /** Requests/s the prefill pool and the decode pool can each carry. */
  readonly prefillCapacity: number;
  readonly decodeCapacity: number;
};

/**
 * Disaggregated prefill and decode (DistServe, Zhong et al. OSDI'24; Splitwise, Patel et al.
 * ISCA'24; NVIDIA Dynamo): prompts run on a prefill pool in full token-budget steps, the KV cache
 * moves to a decode pool over the fabric, and decode steps carry no prompt work. Each pool's
 * capacity: prefill n = max_num_tokens / L_in prompts per step of staticPrefillS(n); decode
 * maxBatch requests per L_out decode steps without prefill. The split (whole model copies) is the
 * stated one, else the one that maximises the smaller capacity. The hand-off: L_in tokens of KV
 * over the scale-up link when both pools share a scale-up domain, else over each GPU's scale-out
 * NIC (50 GB/s, one 400G NIC per GPU), the copy's GPUs in parallel.
 */
export function disaggregatedPoint(
  p: PreparedServing,
  config: ServingConfig,
): { readonly op: OperatingPoint; readonly split: DisaggregatedSplit } {
  const copies = p.replicas * p.instancesPerGpu;
  if (copies < 2) {
    throw new Error(
      'workload.serving.disaggregation: needs at least two model copies (one for prefill, one for decode); add GPUs or lower tp·pp',
    );
  }
  const q = config.reportPercentile / 100;
  const z = normalQuantile(q);
  const perStep = Math.max(1, Math.floor(p.maxTokensPerStep / p.inputTokens));
  const prefillStep = staticPrefillS(p, perStep);
  const capP = perStep / prefillStep;
  const tpotFull = decodeStepS(p, p.maxBatch, false);
  const capD = p.maxBatch / ((p.outputTokens - 1) * tpotFull + tpotFull);
  const stated = config.disaggregation?.prefillGpus ?? null;
  let kP: number;
  if (stated !== null) {
    kP = Math.round(stated / (p.tp * p.pp));
    if (!(kP >= 1 && kP < copies)) {
      throw new Error(
        `workload.serving.disaggregation.prefillGpus: ${stated} GPUs must hold between 1 and ${copies - 1} model copies of ${p.tp * p.pp} GPUs`,
      );
    }
  } else {
    kP = 1;
    let best = -Infinity;
    for (let k = 1; k < copies; k++) {
      const c = Math.min(k * capP, (copies - k) * capD);
      if (c > best + 1e-12) {
        best = c;
        kP = k;
      }
    }
  }
  const kD = copies - kP;
  const gpusPerCopy = p.tp * p.pp;
  const a = p.accelerator;
  const sameDomain = copies * gpusPerCopy <= config.nvlinkDomainGpus;
  const linkBytesPerS = sameDomain ? a.scaleUpBandwidthBytesPerS * 0.8 : 50e9;
  const kvTransferS =
    (p.kvBytesPerToken * p.inputTokens) / (linkBytesPerS * gpusPerCopy) +
    (sameDomain ? 10e-6 : 30e-6);
  const capacity = Math.min(kP * capP, kD * capD);
  const load = config.load;
  // Offered rate: offline and SLO searches run at the capacity (SLO: the highest rate meeting
  // both limits, searched below); an open-loop rate as stated.
  const rateAt = (lambda: number): OperatingPoint => {
    const util = lambda / capacity;
    const sat = util >= 1;
    const lam = sat ? capacity : lambda;
    // Decode pool: Little's law on the decode batch per copy.
    const perCopy = lam / kD;
    const b = sat
      ? p.maxBatch
      : smallestBatchRoot(
          p,
          (x) => perCopy * (p.outputTokens - 1) * decodeStepS(p, Math.max(x, 1e-9), false) - x,
          p.maxBatch,
          1e-10 * p.maxBatch,
        );
    const tpot = decodeStepS(p, Math.max(b, 1e-9), false);
    // Prefill pool: kP servers each finishing perStep prompts per prefillStep (M/M/c on copies).
    const aP = lam / capP;
    const cW = erlangC(kP, aP);
    const serviceP = prefillStep / perStep + p.stack.requestOverheadS;
    const waitMean = aP < kP ? (cW * (prefillStep / perStep)) / (kP - aP) : 0;
    const waitQ =
      aP < kP && cW > 1 - q ? (Math.log(cW / (1 - q)) * (prefillStep / perStep)) / (kP - aP) : 0;
    const ttft = serviceP + prefillStep / 2 + waitMean + kvTransferS;
    const ttftPct = serviceP + prefillStep * q + waitQ + kvTransferS;
    const e2e = ttft + (p.outputTokens - 1) * tpot;
    return {
      b,
      tpotS: tpot,
      ttftS: ttft,
      ttftPctS: ttftPct,
      tpotPctS: tpot * (1 + z * TPOT_CV),
      requestsPerS: lam,
      e2eS: e2e,
      saturated: sat && load.mode === 'request_rate',
      utilization: util,
    };
  };
  let op: OperatingPoint;
  if (load.mode === 'offline') op = rateAt(capacity);
  else if (load.mode === 'request_rate') op = rateAt(load.requestsPerS);
  else if (load.mode === 'slo') {
    const qs = load.percentile / 100;
    const ok = (l: number) => {
      const o = rateAt(l);
      const zs = normalQuantile(qs);
      return (
        o.ttftPctS * 1000 <= load.ttftLimitMs &&
        o.tpotS * (1 + zs * TPOT_CV) * 1000 <= load.tpotLimitMs
      );
    };
    let lo = 0;
    let hi = capacity * (1 - 1e-9);
    if (ok(hi)) lo = hi;
    else {
      for (let i = 0; i < 40; i++) {
        const mid = (lo + hi) / 2;
        if (ok(mid)) lo = mid;
        else hi = mid;
      }
    }
    op = lo > 0 ? rateAt(lo) : { ...rateAt(capacity * 1e-4), requestsPerS: 0, utilization: 0 };
  } else {
    // Refused where the sections are checked (model/scenario `servingWorkloadIssues`).
    throw new Error(`workload.serving.disaggregation: not modelled under a ${load.mode} load`);
  }
  return {
    op,
    split: {
      prefillCopies: kP,
      decodeCopies: kD,
      kvTransferS,
      prefillCapacity: kP * capP,
      decodeCapacity: kD * capD,
    },
  };
}

/**
 * Evaluate a serving deployment: throughput, latencies (mean and the report percentile), batch
 * and memory figures at the workload's load.
 *
 * Method: see engine.ts (step time) and this file (queueing). Sources: Orca (Yu et al., OSDI
 * 2022) continuous batching; vLLM PagedAttention (Kwon et al., SOSP 2023) KV memory; roofline per
 * operator as in llm-analysis/GenZ; Erlang C for slot waiting.
 *
 * @param sections the scenario sections as parsed and checked (model/scenario); nothing is
 *   checked again
 * @returns the result (times in ms where named)
 * @throws naming the scenario field when the deployment cannot be served (no layout fits the
 *   memory, a prompt larger than the KV cache, a static batch above the largest)
 */
export function evaluateServing(sections: ServingSections): ServingResult {
  return evaluateServingInput(servingInputOf(sections));
}

/** {@link evaluateServing} on the working input (the engine's tests state it directly). */
export function evaluateServingInput(config: ServingConfig): ServingResult {
  lastSloRate = null;
  const p = chooseLayout(config);
  const disagg =
    config.disaggregation !== undefined && config.disaggregation !== null
      ? disaggregatedPoint(p, config)
      : null;
  const opPerCopy = disagg === null ? operatingPoint(p, config) : null;
  const copies = disagg === null ? p.replicas * p.instancesPerGpu : 1;
  const op = disagg === null ? (opPerCopy as OperatingPoint) : disagg.op;
  const gpusUsed = config.partition.kind === 'none' ? p.tp * p.pp * p.replicas : p.replicas;
  const outputTokensPerS = op.requestsPerS * config.outputTokens * copies;
  const capacity =
    disagg === null
      ? copyCapacityRequestsPerS(p) * config.outputTokens * copies
      : Math.min(disagg.split.prefillCapacity, disagg.split.decodeCapacity) * config.outputTokens;
  const br = decodeStepBreakdown(p, Math.max(op.b, 1));
  const total = br.weights + br.compute + br.kvCache + br.communication + br.overhead;
  const result: ServingResult = {
    tp: p.tp,
    pp: p.pp,
    ep: config.model.moe !== null ? config.layout.ep : 1,
    attentionDp: config.model.moe !== null && config.layout.attentionDp === true,
    replicas: p.replicas,
    instancesPerGpu: p.instancesPerGpu,
    gpus: gpusUsed,
    outputTokensPerS,
    outputTokensPerSPerGpu: outputTokensPerS / gpusUsed,
    requestsPerS: op.requestsPerS * copies,
    ttftMs: op.ttftS * 1000,
    tpotMs: op.tpotS * 1000,
    e2eLatencyMs: op.e2eS * 1000,
    ttftPctMs: op.ttftPctS * 1000,
    tpotPctMs: op.tpotPctS * 1000,
    tpotRangeMs: {
      low: (opPerCopy?.tpotLowS ?? op.tpotS) * 1000,
      high: (opPerCopy?.tpotHighS ?? op.tpotS) * 1000,
    },
    disaggregation:
      disagg === null
        ? null
        : {
            prefillGpus: disagg.split.prefillCopies * p.tp * p.pp,
            decodeGpus: disagg.split.decodeCopies * p.tp * p.pp,
            kvTransferMs: disagg.split.kvTransferS * 1000,
            prefillCapacityRequestsPerS: disagg.split.prefillCapacity,
            decodeCapacityRequestsPerS: disagg.split.decodeCapacity,
          },
    runningBatch: op.b,
    maxBatch: p.maxBatch,
    kvCacheGibPerGpu: p.kvBudgetBytesPerGpu / GIB,
    kvBytesPerToken: p.kvBytesPerToken,
    weightsGibPerGpu: p.weightBytesPerGpu / GIB,
    capacityOutputTokensPerS: capacity,
    utilization: op.utilization,
    saturated: op.saturated,
    communicationLatencyShare:
      Math.min(br.communication, p.commFixedS * p.timeShareFactor * p.pp) / total,
    stepBreakdown: {
      weights: br.weights / total,
      compute: br.compute / total,
      kvCache: br.kvCache / total,
      communication: br.communication / total,
      overhead: br.overhead / total,
    },
    clockFactor: p.clockFactor,
  };
  assertFinite(result);
  return result;
}

function assertFinite(r: ServingResult): void {
  // A key loop, not `Object.entries`: no [key, value] pair per field on every evaluation.
  const fields = r as Readonly<Record<string, unknown>>;
  for (const k in fields) {
    const v = fields[k];
    if (typeof v === 'number' && !Number.isFinite(v))
      throw new Error(`serving result ${k} is not finite (${v})`);
  }
}
