import { SCALING_EFFICIENCY_FORMULA } from '../training';
import { runValidation } from '../validation';
import { bundledValidationFiles } from '../validation/bundled';

/**
 * The report's methodology section: the formulas the engine uses, each with the published
 * source it follows (the same sources the engine's TSDoc cites), and the model-accuracy table
 * from the bundled validation cases (model/validation/bundled).
 */

export type MethodFormula = {
  readonly topic: string;
  /** The formula in plain text. */
  readonly formula: string;
  /** What the symbols mean and how the engine uses it. */
  readonly explanation: string;
  /** Published sources (title, venue/year, URL). */
  readonly sources: readonly string[];
};

export const METHOD_FORMULAS: readonly MethodFormula[] = [
  {
    topic: 'Training compute per step',
    formula: 'F = 72·B·s·l·h²·(1 + s/(6h) + V/(12·l·h))  (+ recompute)',
    explanation:
      'FLOPs per iteration of a GPT-style transformer: batch B sequences of s tokens, l layers, hidden size h, vocabulary V; forward + backward (3×), activation recompute adds a forward pass.',
    sources: [
      'Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC\'21, https://arxiv.org/abs/2104.04473',
    ],
  },
  {
    topic: 'Model FLOPs utilisation',
    formula: 'MFU = (6·N + 12·l·h·s)·tokens/s ÷ (GPUs × peak FLOP/s)',
    explanation:
      'Useful model FLOPs per second over the dense peak of the precision used (no 2:4 sparsity); HFU counts recompute as well.',
    sources: [
      'Chowdhery et al., "PaLM: Scaling Language Modeling with Pathways", 2022, Appendix B, https://arxiv.org/abs/2204.02311',
    ],
  },
  {
    topic: 'Step time',
    formula:
      't_step = t_fwd + t_bwd + t_recompute + exposed(t_TP + t_CP + t_EP + t_PP + t_DP) + t_bubble + t_opt',
    explanation:
      'Per-layer roofline compute time (max of FLOPs ÷ achievable FLOP/s and bytes ÷ HBM bandwidth) plus the communication not hidden behind compute.',
    sources: [
      'Williams, Waterman, Patterson, "Roofline: an insightful visual performance model", CACM 2009',
      "Narayanan et al., SC'21 (above)",
    ],
  },
  {
    topic: 'Scaling efficiency',
    formula: SCALING_EFFICIENCY_FORMULA,
    explanation:
      "The share of each step the GPUs are not waiting for the data-parallel replicas to synchronise. The scaling curve plots the same figure at each GPU count (strong scaling at the scenario's global batch, DP following the count), so the curve at the scenario's GPUs is its figure and never exceeds 100 %; a faster layout that more memory newly allows shows in tokens/s, not as efficiency above 100 %.",
    sources: [
      'MLPerf Training rules (strong scaling at a fixed global batch), https://github.com/mlcommons/training_policies',
    ],
  },
  {
    topic: 'Pipeline bubble',
    formula: 'bubble = (p − 1) / (v · m) of the ideal step',
    explanation: 'p pipeline stages, m micro-batches per step, v interleaved virtual stages.',
    sources: ["Narayanan et al., SC'21, section 2.2 (interleaved 1F1B schedule)"],
  },
  {
    topic: 'Collective communication',
    formula:
      'all-reduce time = 2·(n − 1)/n · S ÷ busBW + steps·α;  all-gather / reduce-scatter = (n − 1)/n · S ÷ busBW + steps·α',
    explanation:
      'Ring collectives over n ranks moving S bytes per rank (alpha–beta model, α the per-step latency); bus bandwidth per link class (NVLink inside the domain, the scale-out fabric across nodes) from nccl-tests measurements.',
    sources: [
      'Hockney, "The communication challenge for MPP: Intel Paragon and Meiko CS-2", Parallel Computing 1994 (alpha–beta model)',
      'NVIDIA nccl-tests PERFORMANCE.md, https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md',
    ],
  },
  {
    topic: 'Memory per GPU',
    formula:
      'weights + gradients + optimizer = (2 + 2 + 12)·N ÷ (TP·PP·ZeRO sharding);  activations = s·b·h·(34 + 5·a·s/h) per layer ÷ TP (selective recompute drops the attention term)',
    explanation: 'Mixed-precision Adam keeps 16 bytes per parameter before sharding.',
    sources: [
      'Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models", SC\'20, https://arxiv.org/abs/1910.02054',
      'Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models", MLSys 2023, https://arxiv.org/abs/2205.05198',
    ],
  },
  {
    topic: 'Checkpoint interval and goodput',
    formula: 'τ_opt = √(2·δ·M) (Young);  Daly: τ = √(2δM)·(1 + ⅓√(δ/2M) + δ/(18M)) − δ',
    explanation:
      'δ checkpoint blocking time, M mean time to interrupt from per-component failure rates; goodput is the useful share after checkpoints, lost work and restarts.',
    sources: [
      'Young, "A first order approximation to the optimum checkpoint interval", CACM 1974',
      'Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps", FGCS 2006',
      'Kokolis et al., "Revisiting Reliability in Large-Scale Machine Learning Research Clusters", 2024, https://arxiv.org/abs/2410.21680',
    ],
  },
  {
    topic: 'Data feed',
    formula:
      'required read = samples/s × bytes/sample;  AU = compute time ÷ (compute + stall time)',
    explanation:
      'Accelerator utilisation as MLPerf Storage defines it; the storage feeds the accelerators while AU stays above the threshold.',
    sources: ['MLCommons MLPerf Storage v1.0 rules, https://github.com/mlcommons/storage'],
  },
  {
    topic: 'Facility power and cooling',
    formula: 'P_facility = P_IT × PUE;  cooling (BTU/h) = P × 3,412.14;  RT = BTU/h ÷ 12,000',
    explanation: 'IT power at the predicted activity (GPU busy share), by component.',
    sources: [
      'The Green Grid, "PUE: A Comprehensive Examination of the Metric", WP#49, 2012',
      'NIST SP 811 unit conversions',
    ],
  },
  {
    topic: 'Total cost of ownership',
    formula:
      'TCO = capex + opex·years;  NPV = −capex − Σ opex_y ÷ (1 + r)^y;  USD/GPU-h = TCO ÷ used GPU-hours;  USD/Mtok = (USD/GPU-h) ÷ (tokens per GPU-h ÷ 10⁶);  break-even months = capex ÷ (rent − opex)',
    explanation:
      'Capex: systems, network bill of materials, storage, racks, installation, facility share; opex: electricity (facility power × price), maintenance, colocation, staff, software. Unit costs at the real utilisation.',
    sources: [
      'Buy-vs-rent structure of the published TCO tools surveyed in the research notes (SemiAnalysis AI Cloud TCO model outline, vendor TCO calculators)',
      'Discounted cash flow (NPV), e.g. Brealey, Myers, Allen, "Principles of Corporate Finance"',
    ],
  },
  {
    topic: 'Serving throughput and latency',
    formula:
      'decode step = max(weights + KV bytes ÷ HBM BW, FLOPs ÷ peak);  TTFT = queue + prefill;  TPOT = decode step at the running batch',
    explanation:
      'Memory-bound decode and compute-bound prefill per replica, the running batch limited by KV-cache memory; latency percentiles under Poisson arrivals.',
    sources: [
      'Pope et al., "Efficiently Scaling Transformer Inference", MLSys 2023, https://arxiv.org/abs/2211.05102',
      'Kwon et al., "Efficient Memory Management for LLM Serving with PagedAttention", SOSP 2023, https://arxiv.org/abs/2309.06180',
    ],
  },
];

/** One row of the model-accuracy table: one bundled case file. */
export type AccuracyRow = {
  readonly file: string;
  readonly label: string;
  /** Cases run. */
  readonly cases: number;
  readonly failed: number;
  /** Median |error|, %. */
  readonly medianAbsErrorPct: number;
  /** Largest |error|, %. */
  readonly maxAbsErrorPct: number;
  /** Share of cases within their own tolerance, %. */
  readonly withinTolerancePct: number;
};

/**
 * Run the bundled validation cases through the engine (about 0.1 s) and summarise each file.
 * Pure: same engine, same cases, same table.
 */
export function accuracyTable(): AccuracyRow[] {
  return bundledValidationFiles.map((f) => {
    const { summary } = runValidation([f.data]);
    return {
      file: f.file,
      label: f.label,
      cases: summary.n,
      failed: summary.failed,
      medianAbsErrorPct: summary.medianAbsErrorPct,
      maxAbsErrorPct: summary.maxAbsErrorPct,
      withinTolerancePct: summary.withinTolerancePct,
    };
  });
}
