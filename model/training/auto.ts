import { memoryTotalBytes, totalBytesByRecomputedLayers } from '../workload/memory';
import { engineInputOf } from './input';
import type { ParallelismLayout } from './input';
import type { Context } from './simulate';
import { buildContext, buildResult, evaluateCore, memoryOptions, stepCore } from './simulate';
import type { MemoryOptions } from '../workload/memory';
import type { ModelShape } from '../workload/types';
import type { Recompute, ResolvedLayout, TrainingResult, TrainingSections } from './types';

/** Every layout field left to the search. */
export const FREE: ParallelismLayout = {
  tp: null,
  pp: null,
  dp: null,
  cp: null,
  vpp: null,
  zeroStage: null,
  sequenceParallel: null,
  ep: null,
  etp: null,
};

function divisors(n: number, max: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= Math.min(n, max); d++) if (n % d === 0) out.push(d);
  return out;
}
function powersOfTwo(max: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= max; d *= 2) out.push(d);
  return out;
}

/**
 * Fewest layers per stage to recompute in full (Megatron-LM `--recompute-method block
 * --recompute-num-layers k`) for layout `l` to fit in HBM, given that recomputing all
 * `layersPerStage` fits. Memory falls as k grows, so a binary search over k finds it.
 */
export function fewestRecomputedLayers(
  ctx: Context,
  l: ResolvedLayout,
  layersPerStage: number,
): number {
  const totalBytes = totalBytesByRecomputedLayers(ctx.input.model, l, memoryOptions(ctx));
  return fewestFitting(totalBytes, ctx.dev.hbmBytes, layersPerStage);
}

/** Binary search of {@link fewestRecomputedLayers} over a memory function of the count. */
function fewestFitting(
  totalBytes: (recomputedLayers: number) => number,
  hbmBytes: number,
  layersPerStage: number,
): number {
  let lo = 0; // does not fit (k = 0 is 'none', already tried on its own)
  let hi = layersPerStage; // fits
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const fits = totalBytes(mid) <= hbmBytes;
    if (fits) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** A layout of the search with its memory per GPU, bytes. */
type Sized = { readonly l: ResolvedLayout; readonly mem: number };

/**
 * The memory side of one pass of the layout search: the layouts that fit in HBM, in the order
 * the search times them, and the least-memory layout (shown when none fits). It depends on the
 * fields of its key only, none of them the scale-out network's: the design search's fabric and
 * line-rate variants of one accelerator and GPU count share it (`memoryPlanFor`).
 */
type MemoryPlan = {
  readonly fitting: readonly Sized[];
  readonly leastMem: Sized | null;
  /** Layouts over HBM. */
  readonly skipped: number;
};

/** What a {@link MemoryPlan} is made of: every value `memoryPlan` reads. */
export type PlanKey = {
  /** The model shape, by identity (shapes are read-only values). */
  readonly model: ModelShape;
  readonly gpus: number;
  readonly globalBatchSeqs: number;
  /** The stated micro batch (null: searched). */
  readonly microBatch: number | null;
  /** The stated recompute (null: searched, with block recompute). */
  readonly recompute: Recompute | null;
  /** The stated layout fields (compared field by field). */
  readonly fixed: ParallelismLayout;
  /** Scale-up domain, GPUs (bounds TP). */
  readonly domain: number;
  readonly sequenceParallelDefault: boolean;
  readonly hbmBytes: number;
  /** `memoryOptions(ctx)` (compared field by field; FlashAttention among them). */
  readonly memOpt: MemoryOptions;
  /**
   * The global batch need not divide evenly over DP; each replica then runs ⌈G/DP⌉ sequences,
   * the largest share pacing the step (tried only when no layout divides it, e.g. OPT-175B’s
   * 1,024 sequences on 992 GPUs at TP 8).
   */
  readonly uneven: boolean;
};

/** The plan key of a context's layout search (one pass). */
export function planKeyOf(ctx: Context, fixed: ParallelismLayout, uneven: boolean): PlanKey {
  return {
    model: ctx.input.model,
    gpus: ctx.input.cluster.gpus,
    globalBatchSeqs: ctx.input.training.globalBatchSeqs,
    microBatch: ctx.input.training.microBatch,
    recompute: ctx.input.training.recompute,
    fixed,
    domain: ctx.net.domain,
    sequenceParallelDefault: ctx.sequenceParallelDefault,
    hbmBytes: ctx.dev.hbmBytes,
    memOpt: memoryOptions(ctx),
    uneven,
  };
}

/** Whether two plan keys are the same: every field by `Object.is`, `fixed` and `memOpt` by their fields. */
export function samePlanKey(a: PlanKey, b: PlanKey): boolean {
  for (const k of Object.keys(a) as (keyof PlanKey)[]) {
    const same = k === 'fixed' || k === 'memOpt' ? sameFields(a[k], b[k]) : Object.is(a[k], b[k]);
    if (!same) return false;
  }
  return true;
}

function sameFields(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.is(x[k], y[k])) return false;
  return true;
}

/** Plans kept (the newest last); the design search asks for one plan four times in a row. */
const plans: { readonly key: PlanKey; readonly plan: MemoryPlan }[] = [];
const PLANS_KEPT = 4;

/** {@link memoryPlan}, memoised by its key (a memo only, the same plan). */
export function memoryPlanFor(key: PlanKey): MemoryPlan {
  for (const e of plans) if (samePlanKey(e.key, key)) return e.plan;
  const plan = memoryPlan(key);
  if (plans.length >= PLANS_KEPT) plans.shift();
  plans.push({ key, plan });
  return plan;
}

/**
 * Enumerates the layouts of one pass of {@link searchLayout} and checks each against HBM (see
 * there for the enumeration). With recompute unstated, a recompute variant is dropped when the
 * same layout fits without it (faster), and full recompute covers only the fewest layers per
 * stage that make it fit (block method).
 */
export function memoryPlan(key: PlanKey): MemoryPlan {
  const { model: m, gpus, fixed, domain, hbmBytes, uneven } = key;
  const gbs = key.globalBatchSeqs;
  const memOpt = key.memOpt;
  const tpMax = Math.max(1, Math.min(domain, m.heads, gpus));
  const tps = fixed.tp !== null ? [fixed.tp] : powersOfTwo(tpMax).filter((t) => m.heads % t === 0);
  const cps =
    fixed.cp !== null
      ? [fixed.cp]
      : m.seqLen >= 8192
        ? [1, 2, 4, 8].filter((c) => m.seqLen % c === 0)
        : [1];
  const mbFixed = key.microBatch;
  const rcs: Recompute[] = key.recompute !== null ? [key.recompute] : ['none', 'full'];
  // Unstated recompute: full recompute may cover only part of each stage.
  const blockRecompute = key.recompute === null;
  // With FlashAttention, selective recompute differs from none only for MLA (its up-projections).
  // (`mla` read on every call: a read first met after the function is optimized deoptimizes it.)
  const mla = m.mla != null;
  const rcsAll: Recompute[] = memOpt.flashAttention
    ? key.recompute === null && mla
      ? ['none', 'selective', 'full']
      : rcs
    : key.recompute !== null
      ? rcs
      : ['none', 'selective', 'full'];
  // Memory of the 'none' variant of each interleaving degree of the current layout.
  const noneMemByVpp: number[] = [];
  const fitting: Sized[] = [];
  let leastMem: Sized | null = null;
  let skipped = 0;
  for (const tp of tps) {
    // Divisors of the layer count, plus powers of two with uneven stages (the largest stage,
    // ⌈L/p⌉ layers, paces the pipeline; Llama 3 ran 126 layers on 16 stages this way).
    const ppMax = Math.max(1, Math.min(Math.floor(gpus / tp), Math.floor(m.layers / 2)));
    // With DP stated, the PP it implies (BLOOM-176B: 70 layers on 12 stages, TP 4, DP 8).
    const implied =
      fixed.dp === null
        ? []
        : cps
            .map((c) => gpus / (tp * c * (fixed.dp ?? 1)))
            .filter((p) => Number.isInteger(p) && p >= 1 && p <= m.layers);
    const pps =
      fixed.pp !== null
        ? [fixed.pp]
        : [...new Set([...divisors(m.layers, ppMax), ...powersOfTwo(ppMax), ...implied])].sort(
            (a, b) => a - b,
          );
    for (const pp of pps) {
      const layersPerStage = Math.ceil(m.layers / pp);
      for (const cp of cps) {
        const rest = gpus / (tp * pp * cp);
        if (!Number.isInteger(rest)) continue;
        const dp = fixed.dp ?? rest;
        if (dp !== rest) continue;
        if (!uneven && gbs % dp !== 0) continue;
        const perReplica = Math.ceil(gbs / dp);
        const mbs = mbFixed !== null ? [mbFixed] : [1, 2, 4, 8].filter((x) => perReplica % x === 0);
        // Expert parallelism folds over the tp·cp·dp ranks of a stage (Megatron-Core parallel
        // folding): ep·etp divides them and ep divides the experts.
        const etp = m.moe === null ? 1 : (fixed.etp ?? 1);
        const fold = tp * cp * dp;
        // A stated EP is kept only where it folds (scaling curves reuse it at other DP degrees).
        const eps =
          m.moe === null
            ? [1]
            : fixed.ep !== undefined && fixed.ep !== null
              ? fold % (fixed.ep * etp) === 0
                ? [fixed.ep]
                : []
              : powersOfTwo(Math.min(m.moe.experts, fold / etp)).filter(
                  (e) => fold % (e * etp) === 0 && m.moe !== null && m.moe.experts % e === 0,
                );
        const zeros: (0 | 1 | 2 | 3)[] =
          fixed.zeroStage !== null
            ? [fixed.zeroStage]
            : dp > 1
              ? tp === 1 && pp === 1
                ? [1, 3]
                : [1]
              : [0];
        const sp = fixed.sequenceParallel ?? (tp > 1 && key.sequenceParallelDefault);
        for (const mb of mbs) {
          const mcount = Math.max(1, Math.ceil(perReplica / mb));
          const vpps =
            fixed.vpp !== null
              ? [fixed.vpp]
              : pp === 1
                ? [1]
                : divisors(layersPerStage, 8).filter((v) => v === 1 || mcount % pp === 0);
          for (const ep of eps) {
            for (const zeroStage of zeros) {
              for (const recompute of rcsAll) {
                let vi = -1;
                for (const vpp of vpps) {
                  vi++;
                  let l: ResolvedLayout = {
                    tp,
                    pp,
                    dp,
                    cp,
                    ep,
                    etp,
                    vpp,
                    zeroStage,
                    sequenceParallel: sp,
                    microBatch: mb,
                    recompute,
                    microBatchesPerStep: mcount,
                  };
                  let mem = memoryTotalBytes(m, l, memOpt);
                  // 'none' comes first in rcsAll: the later recompute variants of this layout
                  // read its memory here instead of working it out again.
                  if (recompute === 'none') noneMemByVpp[vi] = mem;
                  if (leastMem === null || mem < leastMem.mem) leastMem = { l, mem };
                  if (mem > hbmBytes) {
                    skipped++;
                    continue;
                  }
                  if (blockRecompute && recompute !== 'none') {
                    // Recomputing costs time and only buys memory: when the same layout fits
                    // without it, that one is faster, so this candidate is dominated.
                    const noneMem =
                      noneMemByVpp[vi] ?? memoryTotalBytes(m, { ...l, recompute: 'none' }, memOpt);
                    if (noneMem <= hbmBytes) continue;
                    if (recompute === 'full' && layersPerStage > 1) {
                      // Recompute only as many layers per stage as memory needs (block method).
                      const totalBytes = totalBytesByRecomputedLayers(m, l, memOpt);
                      const k = fewestFitting(totalBytes, hbmBytes, layersPerStage);
                      if (k < layersPerStage) {
                        l = { ...l, recomputeLayers: k };
                        mem = totalBytes(k); // = memoryPerGpu(m, l, memOpt).totalBytes
                      }
                    }
                  }
                  fitting.push({ l, mem });
                }
              }
            }
          }
        }
      }
    }
  }
  return { fitting, leastMem, skipped };
}

/** Search statistics (for benchmarks and tests). */
export type SearchStats = { evaluated: number; skippedMemory: number };

/**
 * Fastest layout that fits, honouring every non-null field of `fixed` (and the input's micro
 * batch and recompute when given). Enumerates TP (powers of two up to the scale-up domain,
 * dividing the heads) × PP (divisors of the layers) × CP (1, or 2–8 for sequences ≥ 8k) × DP
 * (the rest) × EP (MoE) × micro batch (1, 2, 4, 8) × recompute (none, full — selective equals
 * none with FlashAttention; with recompute unstated, full covers only the fewest layers per
 * stage that make the layout fit, Megatron's block method) × interleaving (divisors of layers per stage up to 8, when the micro
 * batches divide evenly) × ZeRO (1 with DP, also 3 without TP/PP). Memory is checked before
 * timing. When nothing fits, returns the least-memory layout (memory.fits = false).
 */
export function searchLayout(
  ctx: Context,
  fixed: ParallelismLayout,
  stats?: SearchStats,
): TrainingResult {
  const m = ctx.input.model;
  const gpus = ctx.input.cluster.gpus;
  const gbs = ctx.input.training.globalBatchSeqs;
  // One pass over the layouts (see `memoryPlan`): the layouts that fit are timed, the fastest
  // kept (the one with less memory among equals).
  const pass = (uneven: boolean) => {
    const plan = memoryPlanFor(planKeyOf(ctx, fixed, uneven));
    let best: { l: ResolvedLayout; t: number; mem: number } | null = null;
    for (const { l, mem } of plan.fitting) {
      const t = stepCore(ctx, l).stepTimeS;
      if (
        best === null ||
        t < best.t * (1 - 1e-9) ||
        (t <= best.t * (1 + 1e-9) && mem < best.mem)
      ) {
        best = { l, t, mem };
      }
    }
    return {
      best,
      leastMem: plan.leastMem,
      evaluated: plan.fitting.length,
      skipped: plan.skipped,
    };
  };
  let found = pass(false);
  const roundedUp = found.best === null && found.leastMem === null;
  if (roundedUp) found = pass(true);
  const { best, leastMem, evaluated, skipped } = found;
  if (stats !== undefined) {
    stats.evaluated = evaluated;
    stats.skippedMemory = skipped;
  }
  const chosen = best?.l ?? leastMem?.l;
  if (chosen === undefined) {
    throw new Error(
      `parallelism: no layout satisfies the constraints (tp·pp·dp·cp = cluster.compute.gpus = ${gpus} with the stated tp, pp, dp and cp)`,
    );
  }
  const extra =
    best === null ? ['no layout fits in HBM; showing the layout with the least memory'] : [];
  if (m.layers % chosen.pp !== 0) {
    extra.push(
      `${m.layers} layers do not split evenly over pp=${chosen.pp}; the largest stage paces the pipeline`,
    );
  }
  if (roundedUp) {
    extra.push(
      `global batch ${gbs} is not a multiple of dp = ${chosen.dp}; each replica runs ${Math.ceil(gbs / chosen.dp)} sequences (rounded up), the largest share paces the step`,
    );
  }
  return buildResult(ctx, chosen, evaluateCore(ctx, chosen), extra);
}

/**
 * `auto` layout: the fastest TP×PP×DP×CP×micro batch×recompute×vpp layout that fits in HBM,
 * honouring the stated (not `auto`) fields of the workload's `parallelism` (all free when it is
 * `'auto'`), even where they alone would make the layout complete. Units as in
 * {@link TrainingResult}. Throws naming an unknown accelerator id, or `parallelism` when no layout
 * satisfies the stated degrees.
 */
export function autoLayout(sections: TrainingSections, stats?: SearchStats): TrainingResult {
  const input = engineInputOf(sections);
  const ctx = buildContext(input);
  const fixed = input.parallelism === 'auto' ? FREE : input.parallelism;
  return searchLayout(ctx, fixed, stats);
}
