import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MLPERF_GPT3_PROTOCOL,
  handlerFromPredictor,
  isMlperfGpt3Case,
  loadValidationFile,
  mapAcceleratorId,
  mlperfEvaluationFor,
  runValidation,
  summarize,
  trainingCaseSchema,
  trainingCaseSections,
} from '../../../model/validation';
import type { CaseHandler, CaseResult } from '../../../model/validation';
import { simulateTraining } from '../../../model/training';

function testCase(
  id: string,
  kind: string,
  observed: number,
  tolerance = 10,
): Record<string, unknown> {
  return { id, kind, observed: { metric: 'x', value: observed }, tolerance_pct: tolerance };
}

function file(cases: unknown[]): unknown {
  return { format: 'clusterplan-validation/1', set: 'test', cases };
}

/** A handler predicting the case's `predict` field, to test the harness alone. */
const echo: CaseHandler = (raw) => {
  const v = (raw as { predict?: unknown }).predict;
  if (typeof v !== 'number') throw new Error('no prediction in case');
  return { value: v };
};

const dev = JSON.parse(
  readFileSync(
    new URL('../../../model/validation/bundled/training-dev.json', import.meta.url),
    'utf8',
  ),
) as { cases: Record<string, unknown>[] };

describe('validation harness', () => {
  it('computes error %, tolerance and the summary (hand-checked)', () => {
    const report = runValidation(
      [
        file([
          { ...testCase('a', 'echo', 100), predict: 105 }, // +5 %
          { ...testCase('b', 'echo', 200), predict: 170 }, // −15 %
          { ...testCase('c', 'echo', 50, 20), predict: 60 }, // +20 %, tolerance 20
        ]),
      ],
      { echo },
    );
    expect(report.cases.map((c) => c.errorPct)).toEqual([5, -15, 20]);
    expect(report.cases.map((c) => c.withinTolerance)).toEqual([true, false, true]);
    expect(report.summary).toEqual({
      n: 3,
      failed: 0,
      medianAbsErrorPct: 15,
      maxAbsErrorPct: 20,
      withinTolerancePct: (2 / 3) * 100,
    });
  });

  it('counts unsupported kinds, engine errors and malformed cases as failures, never skips', () => {
    const report = runValidation(
      [
        file([
          { ...testCase('ok', 'echo', 10), predict: 10 },
          testCase('unknown-kind', 'storage-feed-v9', 1),
          testCase('throws', 'echo', 1),
          { id: 'no-observed', kind: 'echo' },
        ]),
      ],
      { echo },
    );
    expect(report.summary.n).toBe(4);
    expect(report.summary.failed).toBe(3);
    const byId = new Map(report.cases.map((c) => [c.id, c]));
    expect(byId.get('unknown-kind')?.failure).toBe('unsupported kind "storage-feed-v9"');
    expect(byId.get('throws')?.failure).toBe('no prediction in case');
    expect(byId.get('no-observed')?.failure).toMatch(/^malformed case: observed/);
    expect(report.summary.withinTolerancePct).toBe(25);
    expect(report.summary.maxAbsErrorPct).toBe(Infinity);
    expect(report.summary.medianAbsErrorPct).toBe(Infinity);
  });

  it('a non-finite prediction is a failure naming the metric', () => {
    const report = runValidation([file([{ ...testCase('nan', 'echo', 1), predict: Number.NaN }])], {
      echo,
    });
    expect(report.cases[0]?.failure).toContain('non-finite x');
  });

  it('median of an even count is the mean of the middle two; failures sort last', () => {
    const mk = (errorPct: number | null): CaseResult => ({
      id: 'i',
      kind: 'k',
      metric: 'm',
      observed: 1,
      predicted: errorPct === null ? null : 1,
      errorPct,
      tolerancePct: 10,
      withinTolerance: errorPct !== null && Math.abs(errorPct) <= 10,
      notes: [],
      set: 's',
    });
    expect(summarize([mk(-2), mk(4), mk(6), mk(null)]).medianAbsErrorPct).toBe(5);
    expect(summarize([]).n).toBe(0);
  });

  it('rejects a file in another format with a message naming the field', () => {
    expect(() => runValidation([{ format: 'other', cases: [] }])).toThrow(
      /format: must be "clusterplan-validation\/1"/,
    );
    expect(() => loadValidationFile([])).toThrow(/not a clusterplan-validation\/1 file/);
  });

  it('dispatches storage-feed and serving cases to their engines', () => {
    const read = (name: string) =>
      JSON.parse(
        readFileSync(new URL(`../../../model/validation/bundled/${name}`, import.meta.url), 'utf8'),
      ) as { cases: unknown[] };
    const storage = read('storage-dev.json');
    const serving = read('serving-dev.json');
    const report = runValidation([file([storage.cases[0], serving.cases[0]])]);
    for (const c of report.cases) {
      expect(c.failure, c.id).toBeUndefined();
      expect(Number.isFinite(c.predicted)).toBe(true);
    }
    // MLPerf Storage unet3d on A100: 0.9 × 146,600,628 B × 7 / 0.636 s = 1,384.9 MiB/s.
    expect(report.cases[0]?.predicted).toBeCloseTo(1384.9, 0);
  });

  it('a predictor answering another metric is a failure with the reason', () => {
    const handler = handlerFromPredictor(() => ({ metric: 'a', predicted: 1 }));
    const report = runValidation([file([testCase('m', 'k', 1)])], { k: handler });
    expect(report.cases[0]?.failure).toBe('predictor answered metric "a", the case observes "x"');
  });
});

describe('training-step case mapping', () => {
  it('every training-dev case matches the case schema', () => {
    for (const c of dev.cases) {
      const r = trainingCaseSchema.safeParse(c);
      expect(r.success, `${String(c['id'])}: ${r.success ? '' : r.error.message}`).toBe(true);
    }
  });

  it('maps snake_case fields to the scenario sections, nulls become auto (engine chooses)', () => {
    const c = trainingCaseSchema.parse(dev.cases.find((x) => x['id'] === 'bloom_176b_384_a100'));
    const s = trainingCaseSections(c);
    expect(s.workload.model).toMatchObject({
      layers: 70,
      hiddenSize: 14336,
      attentionHeads: 112,
      kvHeads: 112,
      ffnHiddenSize: 57344,
      vocabSize: 250880,
      seqLenTokens: 2048,
      ffnType: 'gelu',
      moe: null,
    });
    expect(s.workload.training).toMatchObject({
      globalBatchSeqs: 2048,
      microBatchSeqs: 2,
      precision: 'bf16',
      recompute: 'full',
      finetune: { method: 'full' },
      tokensToTrain: null,
    });
    expect(s.workload.parallelism).toEqual({
      tp: 4,
      pp: 12,
      dp: 8,
      cp: 1,
      vpp: 1,
      zeroStage: 1,
      sequenceParallel: 'auto',
      ep: 'auto',
      etp: 'auto',
    });
    expect(s.compute).toMatchObject({
      acceleratorId: 'a100-sxm-80gb',
      gpus: 384,
      gpusPerNode: 8,
      nvlinkDomainGpus: 8,
      stack: 'optimized',
    });
    expect(s.network.scaleOut).toMatchObject({
      fabric: 'infiniband',
      gbpsPerGpu: 50,
      fatTreeTiers: 'auto',
      oversubscriptionRatio: 1,
    });
  });

  it('a case the scenario would refuse fails naming the scenario field', () => {
    const bloom = dev.cases.find((x) => x['id'] === 'bloom_176b_384_a100') as Record<
      string,
      Record<string, unknown>
    >;
    const withModel = (m: Record<string, unknown>) =>
      trainingCaseSchema.parse({ ...bloom, model: { ...bloom['model'], ...m } });
    expect(() => trainingCaseSections(withModel({ kv_heads: 5 }))).toThrow(
      /^workload\.model\.kvHeads: must divide attentionHeads \(112\)/,
    );
    expect(() => trainingCaseSections(withModel({ layers: 2000 }))).toThrow(
      /^workload\.model\.layers: /,
    );
    const withLayout = (p: Record<string, unknown>) =>
      trainingCaseSchema.parse({ ...bloom, parallelism: { ...bloom['parallelism'], ...p } });
    expect(() => trainingCaseSections(withLayout({ tp: 5 }))).toThrow(
      /^workload\.parallelism\.tp: must divide the attention heads/,
    );
    expect(() => trainingCaseSections(withLayout({ dp: 16 }))).toThrow(
      /^workload\.parallelism: TP × PP × DP × CP = 768 must equal the cluster's GPUs/,
    );
  });

  it('parallelism null means the engine picks the whole layout; LoRA maps to finetune', () => {
    const base = dev.cases[0] as Record<string, unknown>;
    const c = trainingCaseSchema.parse({
      ...base,
      parallelism: null,
      training: { ...(base['training'] as object), finetune: { method: 'lora', rank: 8 } },
    });
    const s = trainingCaseSections(c);
    expect(s.workload.parallelism).toBe('auto');
    expect(s.workload.training.finetune).toEqual({ method: 'lora', rank: 8 });
  });

  it('fields a source may leave out get the format’s defaults (MHA, 8 GPUs per node, optimized stack, LoRA rank 16, layout chosen)', () => {
    const bloom = dev.cases.find((x) => x['id'] === 'bloom_176b_384_a100') as Record<
      string,
      Record<string, unknown>
    >;
    const { kv_heads: _kv, ffn_type: _ffn, ...model } = bloom['model'] as Record<string, unknown>;
    const { gpus_per_node: _gpn, ...system } = bloom['system'] as Record<string, unknown>;
    const { stack: _stack, parallelism: _par, ...rest } = bloom;
    const c = trainingCaseSchema.parse({
      ...rest,
      model,
      system,
      training: { ...bloom['training'], finetune: { method: 'lora' } },
    });
    const s = trainingCaseSections(c);
    expect(s.workload.model.kvHeads).toBe(112);
    expect(s.workload.model.ffnType).toBe('gelu');
    expect(s.compute.gpusPerNode).toBe(8);
    expect(s.compute.stack).toBe('optimized');
    expect(s.workload.training.finetune).toEqual({ method: 'lora', rank: 16 });
    expect(s.workload.parallelism).toBe('auto');
  });

  it('an unstated feed-forward type is read from the parameter count (or the 4·h rule without it)', () => {
    const llama70: Record<string, unknown> = {
      params_b: 70,
      layers: 80,
      hidden: 8192,
      heads: 64,
      kv_heads: 8,
      ffn_hidden: 28672,
      vocab: 128256,
      seq_len: 8192,
    };
    const gpt3: Record<string, unknown> = {
      params_b: 175,
      layers: 96,
      hidden: 12288,
      heads: 96,
      ffn_hidden: 49152,
      vocab: 50257,
      seq_len: 2048,
    };
    const m = (x: Record<string, unknown>) => {
      const base = dev.cases[0] as Record<string, unknown>;
      return trainingCaseSections(trainingCaseSchema.parse({ ...base, model: x })).workload.model
        .ffnType;
    };
    expect(m(llama70)).toBe('swiglu');
    expect(m(gpt3)).toBe('gelu');
    // ffn = 3·h (not 4·h): the parameter count decides, 10.7 B is 2 matrices, 13.9 B would be 3.
    expect(
      m({ ...gpt3, params_b: 10.7, layers: 40, hidden: 5120, heads: 40, ffn_hidden: 15360 }),
    ).toBe('gelu');
    expect(
      m({ ...gpt3, params_b: 13.9, layers: 40, hidden: 5120, heads: 40, ffn_hidden: 15360 }),
    ).toBe('swiglu');
    const { params_b: _p, ...llamaNoParams } = llama70;
    expect(m(llamaNoParams)).toBe('swiglu');
    expect(m({ ...llama70, ffn_type: 'gelu' })).toBe('gelu'); // stated wins
  });

  it('scale_out may be left out for a job inside one node, not for one that spans nodes', () => {
    const base = dev.cases.find((x) => x['id'] === 'bloom_176b_384_a100') as Record<
      string,
      Record<string, unknown>
    >;
    const oneNode = trainingCaseSchema.parse({
      ...base,
      parallelism: { ...base['parallelism'], tp: 4, pp: 2, dp: 1 },
      system: { ...base['system'], gpus: 8, scale_out: null },
    });
    expect(trainingCaseSections(oneNode).compute.gpus).toBe(8);
    const many = trainingCaseSchema.parse({
      ...base,
      system: { ...base['system'], scale_out: null },
    });
    expect(() => trainingCaseSections(many)).toThrow(/^system\.scale_out: required/);
  });

  it.each([
    ['system', 'power_limit_w', 500, 'powerLimitW', null],
    ['training', 'packed_doc_tokens', 240, 'packedDocTokens', null],
    ['training', 'moe_dispatcher', 'alltoall', 'moeDispatcher', 'auto'],
    ['training', 'moe_a2a_overlap', true, 'moeA2aOverlap', 'auto'],
    ['training', 'cuda_graphs', false, 'cudaGraphs', 'auto'],
  ] as const)(
    'an optional %s.%s becomes workload.training.%s (%s when absent)',
    (section, key, value, field, absent) => {
      const base = dev.cases[0] as Record<string, Record<string, unknown>>;
      const c = trainingCaseSchema.parse({
        ...base,
        [section]: { ...base[section], [key]: value },
      });
      expect(trainingCaseSections(c).workload.training[field]).toBe(value);
      expect(trainingCaseSections(trainingCaseSchema.parse(base)).workload.training[field]).toBe(
        absent,
      );
    },
  );

  it('maps research-catalog accelerator ids to the project ids', () => {
    expect(mapAcceleratorId('nvidia-h100-sxm5')).toBe('h100-sxm');
    expect(mapAcceleratorId('nvidia-a100-sxm4-80gb')).toBe('a100-sxm-80gb');
    expect(mapAcceleratorId('h100-sxm')).toBe('h100-sxm');
    expect(mapAcceleratorId('gaudi2')).toBe('gaudi2');
  });
});

describe('MLPerf GPT-3 protocol overhead', () => {
  it('recognises MLPerf GPT-3 cases by id or source', () => {
    expect(isMlperfGpt3Case('mlperf_v4p1_gpt3_NVIDIA_x', undefined)).toBe(true);
    expect(isMlperfGpt3Case('x', 'MLPerf Training v4.1 closed, NVIDIA (gpt3)')).toBe(true);
    expect(isMlperfGpt3Case('megatron2021_t1', 'Narayanan et al.')).toBe(false);
    expect(isMlperfGpt3Case('mlperf_llama2_70b_lora', 'MLPerf')).toBe(false);
  });

  it('MLPerf GPT-3 cases turn on the engine evaluation with the protocol; others do not', () => {
    const mlperf = dev.cases.find(
      (x) => x['id'] === 'mlperf_v4p1_gpt3_NVIDIA_eos_n64_ngc24p09_nemo',
    );
    const c = trainingCaseSchema.parse(mlperf);
    expect(
      trainingCaseSections(c, { mlperfGpt3Evaluation: true }).workload.training.evaluation,
    ).toEqual({ intervalSeqs: 24_576, evalSeqs: 5_662, skipEvals: 0 });
    expect(trainingCaseSections(c).workload.training.evaluation).toBeNull();
    expect(MLPERF_GPT3_PROTOCOL.evalSeqs).toBe(5662);
    // The evaluations lengthen the predicted time to train, by a few per cent (forward-only
    // over 3 global batches of 2,048 (5,662 padded) every 12 steps of 2,048: at most
    // 6,144 / 24,576 / 3 ≈ 8.3 % of compute plus pipeline fill per evaluation).
    const withEval = simulateTraining(trainingCaseSections(c, { mlperfGpt3Evaluation: true }));
    const without = simulateTraining(trainingCaseSections(c));
    const ratio = (withEval.timeToTrainS ?? 0) / (without.timeToTrainS ?? 1);
    expect(ratio).toBeGreaterThan(1.02);
    expect(ratio).toBeLessThan(1.15);
  });
});

describe('MLPerf LLM evaluation protocols (Llama 2 70B LoRA, Llama 3.1 405B and 8B)', () => {
  const shape = (layers: number, hidden: number) => ({
    params_b: 1,
    layers,
    hidden,
    heads: 64,
    kv_heads: 8,
    ffn_hidden: 4 * hidden,
    vocab: 128_256,
    seq_len: 8192,
    ffn_type: 'swiglu',
  });
  const mk = (layers: number, hidden: number, gbs: number, lora: boolean) =>
    trainingCaseSchema.parse({
      id: 'x',
      kind: 'training-step',
      model: shape(layers, hidden),
      training: {
        global_batch_seqs: gbs,
        micro_batch: 1,
        precision: 'fp8',
        recompute: null,
        finetune: lora ? { method: 'lora', rank: 16 } : null,
        tokens_to_train: gbs * 8192 * 400,
      },
      parallelism: null,
      system: {
        accelerator: 'h100-sxm',
        gpus: 8,
        gpus_per_node: 8,
        nvlink_domain: 8,
        scale_out: { fabric: 'infiniband', gbps_per_gpu: 400 },
      },
      stack: 'optimized',
      observed: { metric: 'time_to_train_min', value: 1 },
      tolerance_pct: 20,
    });

  it('LoRA: every 384 sequences on 173, skipping floor(0.125·GBS + 2) (v5.0 on), 3–4 in v4.x', () => {
    const lora = mk(80, 8192, 8, true);
    expect(mlperfEvaluationFor('mlperf_v5p1_lora_x', undefined, lora)).toMatchObject({
      benchmark: 'llama2_70b_lora',
      intervalSeqs: 384,
      evalSeqs: 173,
      skipEvals: 3,
    });
    const big = mk(80, 8192, 64, true);
    expect(mlperfEvaluationFor('mlperf_v5p1_lora_x', undefined, big)?.skipEvals).toBe(10);
    expect(mlperfEvaluationFor('mlperf_v4p0_lora_x', undefined, big)?.skipEvals).toBe(4);
    // Not LoRA, or not MLPerf: no protocol.
    expect(mlperfEvaluationFor('mlperf_v5p1_lora_x', undefined, mk(80, 8192, 8, false))).toBe(null);
    expect(mlperfEvaluationFor('lora_paper', 'Hu et al.', lora)).toBeNull();
  });

  it('405B: every 18,432 sequences after floor(0.0026·GBS + 12) skipped; v5.0 every 46,080', () => {
    const c = mk(126, 16384, 960, false);
    expect(mlperfEvaluationFor('mlperf_v5p1_llama31_405b_x', undefined, c)).toMatchObject({
      intervalSeqs: 18_432,
      evalSeqs: 5760,
      skipEvals: 14,
    });
    expect(mlperfEvaluationFor('x', 'MLPerf Training v5.0 llama31_405b', c)).toMatchObject({
      intervalSeqs: 46_080,
      skipEvals: 0,
    });
  });

  it('8B: every 12,288 sequences on 1,024, no skip', () => {
    expect(
      mlperfEvaluationFor('mlperf_v5p1_llama31_8b_x', undefined, mk(32, 4096, 32, false)),
    ).toMatchObject({
      benchmark: 'llama31_8b',
      intervalSeqs: 12_288,
      evalSeqs: 1024,
      skipEvals: 0,
    });
  });

  it('the skipped evaluations are not run: 3 skipped of 8 leave 5 (the v4.0 single-node log)', () => {
    // 384 steps of GBS 8, an evaluation every 48 steps: 8 points, the first 3 skipped.
    const lora = mk(80, 8192, 8, true);
    const base = trainingCaseSections(lora);
    const t = (skipEvals: number) =>
      simulateTraining({
        ...base,
        workload: {
          ...base.workload,
          parallelism: {
            tp: 4,
            pp: 1,
            dp: 2,
            cp: 1,
            vpp: 1,
            zeroStage: 1,
            sequenceParallel: true,
            ep: 1,
            etp: 1,
          },
          training: {
            ...base.workload.training,
            microBatchSeqs: 1,
            recompute: 'none',
            tokensToTrain: 3072 * 8192,
            evaluation: { intervalSeqs: 384, evalSeqs: 173, skipEvals },
          },
        },
      }).evaluationTimeS ?? 0;
    expect(t(0)).toBeGreaterThan(0);
    expect(t(3) / t(0)).toBeCloseTo(5 / 8, 9);
    expect(t(8)).toBe(0);
    expect(t(20)).toBe(0);
  });
});
