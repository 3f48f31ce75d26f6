/**
 * The prefetch queue between the data loader (producer) and the accelerator (consumer).
 *
 * Model: a finite buffer of K prefetched batches between two stations, the M/M/1/K
 * birth–death queue (Kleinrock 1975, Queueing Systems vol. 1, §3.6). The consumer (the
 * GPU) idles while the buffer is empty; with ρ = producer rate / consumer rate
 * (= compute time per step / fetch time per batch) the empty-buffer probability is
 *
 *   P0 = (1 − ρ) / (1 − ρ^(N+1)),   P0 = 1/(N+1) at ρ = 1,
 *
 * and the GPU's utilisation is 1 − P0. M/M/1/K assumes exponential times (coefficient of
 * variation 1 on both sides). For other variability the buffer length is rescaled by the
 * heavy-traffic diffusion scaling N = K · 2 / (c_p² + c_c²): a reflected Brownian motion on
 * [0, K] with drift m and variance rate σ² has a truncated-exponential stationary law whose
 * shape depends on K·m/σ² only (Harrison 1985, Brownian Motion and Stochastic Flow Systems,
 * ch. 5; the same two-moment scaling as Buzacott & Shanthikumar 1993 for two-stage lines with
 * finite buffers). It reproduces M/M/1/K exactly at c_p = c_c = 1 and the deterministic
 * limit P0 = max(0, 1 − ρ) as the jitter vanishes. This is an approximation (ours), stated
 * as such; the GPU's step time is taken as deterministic (c_c = 0).
 *
 * K = 0 means synchronous loading: the GPU waits for every fetch (no overlap).
 */

/**
 * Share of time the consumer is starved (buffer empty).
 *
 * @param rho producer rate ÷ consumer rate (compute s ÷ fetch s per batch), ≥ 0; Infinity = instant producer
 * @param bufferLength effective buffer length N ≥ 0 (Infinity = no jitter)
 * @returns P0 in [0, 1]
 */
export function emptyBufferProbability(rho: number, bufferLength: number): number {
  if (Number.isNaN(rho) || rho < 0) throw new Error(`rho must be ≥ 0 (got ${rho})`);
  if (Number.isNaN(bufferLength) || bufferLength < 0) {
    throw new Error(`bufferLength must be ≥ 0 (got ${bufferLength})`);
  }
  if (rho === Infinity) return 0;
  if (bufferLength === Infinity) return Math.max(0, 1 - rho);
  const n1 = bufferLength + 1;
  if (Math.abs(rho - 1) < 1e-9) return 1 / n1;
  if (rho > 1) {
    // (ρ − 1)/(ρ^(N+1) − 1), computed in the log domain to avoid overflow.
    const logPow = n1 * Math.log(rho);
    if (logPow > 700) return 0;
    return Math.min(1, (rho - 1) / Math.expm1(logPow));
  }
  const pow = Math.pow(rho, n1);
  return (1 - rho) / (1 - pow);
}

/**
 * Effective buffer length of K prefetched batches under jitter.
 *
 * @param prefetchDepthBatches K ≥ 0
 * @param producerCv coefficient of variation of the fetch time per batch
 * @param consumerCv coefficient of variation of the compute time per step (default 0)
 * @returns N = 2K / (c_p² + c_c²), Infinity without jitter
 */
export function effectiveBufferLength(
  prefetchDepthBatches: number,
  producerCv: number,
  consumerCv: number = 0,
): number {
  const v = producerCv * producerCv + consumerCv * consumerCv;
  if (prefetchDepthBatches === 0) return 0;
  if (v === 0) return Infinity;
  return (2 * prefetchDepthBatches) / v;
}

/** Stall of one step, as a share of the step's wall time. */
export type QueueStall = {
  /** Share of wall time the accelerator waits for data, [0, 1). */
  readonly stallFraction: number;
  /** Wall time per step, s. */
  readonly wallS: number;
};

/**
 * Data stall of a step given compute and fetch times and the prefetch queue.
 *
 * @param computeS accelerator time per step, s (> 0)
 * @param fetchS data-loader time per batch (the slowest pipeline stage), s (≥ 0)
 * @param prefetchDepthBatches K; 0 = synchronous loading (wall = compute + fetch)
 * @param fetchCv jitter (coefficient of variation) of the fetch time
 */
export function queueStall(
  computeS: number,
  fetchS: number,
  prefetchDepthBatches: number,
  fetchCv: number,
): QueueStall {
  if (fetchS <= 0) return { stallFraction: 0, wallS: computeS };
  if (prefetchDepthBatches === 0) {
    const wallS = computeS + fetchS;
    return { stallFraction: fetchS / wallS, wallS };
  }
  const raw = emptyBufferProbability(
    computeS / fetchS,
    effectiveBufferLength(prefetchDepthBatches, fetchCv),
  );
  // Below 1e-12 the stall is far under any reporting precision: report 0 rather than 1e-88.
  const p0 = raw < 1e-12 ? 0 : raw;
  // Throughput = consumer rate × (1 − P0), so the wall time per step is compute / (1 − P0).
  // P0 < 1 whenever fetchS is finite; guard the degenerate limit anyway.
  const p = Math.min(p0, 1 - 1e-12);
  return { stallFraction: p, wallS: computeS / (1 - p) };
}

/**
 * Largest fetch time per batch that keeps the stall at or below `targetStall`, by
 * bisection on ρ (P0 is decreasing in ρ).
 *
 * @returns fetch time, s
 */
export function maxFetchSForStall(
  computeS: number,
  prefetchDepthBatches: number,
  fetchCv: number,
  targetStall: number,
): number {
  if (prefetchDepthBatches === 0) {
    // s = f / (c + f) ≤ t  ⇔  f ≤ c t / (1 − t)
    return (computeS * targetStall) / (1 - targetStall);
  }
  const n = effectiveBufferLength(prefetchDepthBatches, fetchCv);
  if (n === Infinity) return computeS / (1 - targetStall);
  // Smallest ρ with P0(ρ) ≤ target: root of g(x) = ln P0(e^x) − ln target, decreasing in
  // x = ln ρ. Safeguarded Newton (bisection when a step leaves the bracket): a handful of
  // evaluations, keeping the stage inside its time budget.
  const lnT = Math.log(targetStall);
  const n1 = n + 1;
  let lo = Math.log(Math.max(1e-12, 1 - targetStall)) - 1e-9; // P0 ≥ 1 − ρ, so ρ* ≥ 1 − target
  let hi = 40;
  // Start: for ρ ≫ 1, ln P0 ≈ −N ln ρ; near or below 1, start just under 1.
  let x =
    targetStall < 1 / n1 ? Math.min(hi - 1, Math.max(1e-3, -lnT / Math.max(n, 1e-9))) : 0.5 * lo;
  for (let i = 0; i < 60; i++) {
    const rho = Math.exp(x);
    const p = emptyBufferProbability(rho, n);
    const gx = p > 0 ? Math.log(p) - lnT : -Infinity;
    if (gx > 0) lo = x;
    else hi = x;
    if (Math.abs(gx) < 1e-10 || hi - lo < 1e-12) break;
    let next = Number.NaN;
    if (gx !== -Infinity && Math.abs(rho - 1) > 1e-6) {
      const lp = n1 * x;
      const ratio = lp > 700 ? 1 : Math.exp(lp) / Math.expm1(lp); // ρ^(N+1)/(ρ^(N+1) − 1)
      const d = rho / (rho - 1) - n1 * ratio;
      if (d < 0) next = x - gx / d;
    }
    x = next > lo && next < hi ? next : 0.5 * (lo + hi);
  }
  return computeS / Math.exp(hi);
}
