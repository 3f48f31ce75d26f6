import {
  runValidation,
  type CaseResult,
  type ValidationReport,
  type ValidationSummary,
} from '../../../model/validation';
import type { BundledValidationFile } from '../../../model/validation/bundled';

/**
 * Pure helpers of the model-accuracy page: run the validation harness on the bundled case files
 * and explain each case's source in words. Runs in the engine Web Worker (renderer/worker) and in
 * unit tests (test/renderer/accuracy/).
 */

/** Where a case's observation comes from, in words, and how far to trust it. */
export type SourceExplanation = {
  /** The source as the case names it. */
  readonly source: string;
  /** What kind of source it is and what its numbers mean. */
  readonly explanation: string;
  /** `primary` (read in the publisher's own copy) or `secondary`, when the case says. */
  readonly verification: string | null;
  /** The case's own remark on the measurement, when it has one. */
  readonly note: string | null;
};

/** One case row: the harness's result plus its source explained. */
export type AccuracyRow = CaseResult & SourceExplanation;

/** One bundled file: its summary and its rows. */
export type AccuracySet = {
  readonly file: string;
  readonly label: string;
  /** How to read the set's errors (from the bundled file's entry), or null. */
  readonly reading: string | null;
  readonly summary: ValidationSummary;
  readonly rows: readonly AccuracyRow[];
};

/**
 * Families of sources, matched on the case's `source` text, with what their numbers mean.
 * Written from the sources themselves (../shared/validation/README.md and the research notes);
 * the first match wins.
 */
export const SOURCE_FAMILIES: readonly { readonly match: RegExp; readonly text: string }[] = [
  {
    match: /Megatron-LM|Narayanan/i,
    text: "Peer-reviewed measurement (Narayanan et al., SC'21): GPT models on NVIDIA's Selene A100 cluster with stated layouts; step time follows from the paper's reported throughput and its FLOP count.",
  },
  {
    match: /BLOOM/i,
    text: "BigScience's public training log of BLOOM-176B on 384 A100 80GB GPUs: throughput of a production run, read from the training README.",
  },
  {
    match: /Megatron-Bridge/i,
    text: "NVIDIA's Megatron-Bridge performance summary (NeMo 25.09, 25.11 and 26.02.01 containers): vendor-measured training throughput of its published performance recipes on DGX H100, B200, GB200 and GB300, synthetic data, stated layouts. Not used while building the engine (held out).",
  },
  {
    match: /NeMo Framework performance summary|NeMo docs performance_long_sequence/i,
    text: "NVIDIA's NeMo Framework performance tables from earlier releases (NeMo 24.03–25.04): vendor-measured training throughput of its performance recipes on DGX H100, B200 and GB200 with stated layouts, including fine-tuning (SQuAD packed to 4,096 tokens) and long-sequence runs with context parallelism. Checked after the engine was built (held out).",
  },
  {
    match: /Llama 3 Herd of Models/i,
    text: "Meta's Llama 3 paper (2024), Table 4: Llama 3 405B pre-training throughput on 8,192 and 16,384 H100 GPUs with its stated layout, reported as BF16 MFU. Checked after the engine was built (held out).",
  },
  {
    match: /MLPerf Training result log \(time to train/i,
    text: "Wall-clock time to train (run_start to run_stop) of one run, read from an MLCommons MLPerf Training result log: Llama 3.1 405B and 8B pre-training and Llama 2 70B LoRA fine-tuning, evaluations included as the benchmark's rules require; layout from the submission's configuration files. One run, not MLPerf's averaged score. Checked after the engine was built (held out).",
  },
  {
    match: /MLPerf Training result log/i,
    text: "Steady training step time read from an MLCommons MLPerf Training result log (per-step timer or logged throughput, evaluation excluded), with the layout from the submission's own configuration files: GPT-3 175B (v3.0–v4.1), Llama 3.1 405B and 8B, Llama 2 70B LoRA (v4.0–v6.0) on H100, H200, B200, GB200, GB300, MI300X, MI325X, MI355X and Gaudi 2. Checked after the engine was built (held out); see each case's note for fields the logs do not state.",
  },
  {
    match: /MLPerf Training/i,
    text: 'MLCommons-audited benchmark result (closed division): wall-clock time to train GPT-3 175B to the target quality, evaluations included; submitter-tuned configurations.',
  },
  {
    match: /MLPerf Storage/i,
    text: "MLCommons MLPerf Storage v1.0: the read bandwidth one emulated accelerator needs to stay above the workload's utilisation threshold (DLIO benchmark configurations and closed results).",
  },
  {
    match: /MLPerf Inference/i,
    text: 'MLCommons-audited inference result (closed division): Offline throughput, or Server throughput at the benchmark’s p99 latency limits (a lower bound on capacity).',
  },
  {
    match: /TensorRT-LLM/i,
    text: "NVIDIA's published TensorRT-LLM performance tables: vendor-measured on tuned engines; max-throughput rows are offline runs, online rows a stated request rate.",
  },
  {
    match: /NIM/,
    text: 'NVIDIA NIM benchmarking guide: vendor-measured throughput and latency at stated concurrency on a production inference microservice.',
  },
  {
    match: /vLLM/i,
    text: "vLLM's public CI benchmarks: a stock open-source serving stack, fixed-batch latency runs.",
  },
];

const FALLBACK_TEXT = 'Published measurement; see the source named for the details.';

function field(o: unknown, key: string): unknown {
  return typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[key] : undefined;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** Explain one raw case's source (its `source`, `reported.verification`, notes). */
export function explainSource(rawCase: unknown): SourceExplanation {
  const source = text(field(rawCase, 'source')) ?? '(source not named)';
  const family = SOURCE_FAMILIES.find((f) => f.match.test(source));
  const reported = field(field(rawCase, 'observed'), 'reported');
  // Both notes where a case has both: the source's remark on the run, then the case's own
  // provenance (model config, assumed node size, arrival pattern).
  const notes = [text(field(reported, 'source_note')), text(field(rawCase, 'note'))].filter(
    (n): n is string => n !== null,
  );
  const note = notes.length === 0 ? null : notes.join(' · ');
  return {
    source,
    explanation: family ? family.text : FALLBACK_TEXT,
    verification: text(field(reported, 'verification')),
    note,
  };
}

/** The raw cases of a file, by id (for the source of each harness row). */
function casesById(data: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const cases = field(data, 'cases');
  if (Array.isArray(cases)) {
    for (const c of cases) {
      const id = field(c, 'id');
      if (typeof id === 'string') out.set(id, c);
    }
  }
  return out;
}

/**
 * Run the harness on one bundled file and explain every case's source.
 * @param run - the harness (default `runValidation`; tests may pass their own)
 */
export function accuracySet(
  file: BundledValidationFile,
  run: (files: readonly unknown[]) => ValidationReport = runValidation,
): AccuracySet {
  const report = run([file.data]);
  const raw = casesById(file.data);
  return {
    file: file.file,
    label: file.label,
    reading: file.reading ?? null,
    summary: report.summary,
    rows: report.cases.map((c) => ({ ...c, ...explainSource(raw.get(c.id)) })),
  };
}

/** Rows to show: all, or only those outside their tolerance (failures included). */
export function rowsToShow(rows: readonly AccuracyRow[], outsideOnly: boolean): AccuracyRow[] {
  return outsideOnly ? rows.filter((r) => !r.withinTolerance) : [...rows];
}

/** The overall summary over several sets (every case counted once). */
export function overallSummary(
  sets: readonly AccuracySet[],
  summarize: (cases: readonly CaseResult[]) => ValidationSummary,
): ValidationSummary {
  return summarize(sets.flatMap((s) => s.rows));
}
