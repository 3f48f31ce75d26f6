import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runValidation } from '../../../model/validation';
import {
  predictTrainingStepCase,
  trainingCaseSchema,
  trainingCaseSections,
  withoutCopyExtensions,
} from '../../../model/validation/training';

const raw = JSON.parse(
  readFileSync(new URL('../../../model/validation/bundled/moe-dev.json', import.meta.url), 'utf8'),
) as { cases: Record<string, unknown>[] };

/**
 * Regression guard of the mixture-of-experts training set (issue 20): 25 Megatron-Bridge and
 * DeepSeek-V3 rows. Bounds are looser than the issue's targets (median ≤ 10 %, 80 % within
 * tolerance), as the issue asks; they stop regressions from the state the README reports (8.2 %,
 * 20 of 25, printed by `npm run validate`).
 */
describe('moe-dev.json regression guard', () => {
  const report = runValidation([raw]);
  const outside = report.cases.filter((c) => !c.withinTolerance);
  const detail = outside
    .map((c) => `${c.id}: ${c.failure ?? `${c.errorPct?.toFixed(1)} % (±${c.tolerancePct} %)`}`)
    .join('\n');

  it('runs every case, none failing (the H800 is in the catalog)', () => {
    expect(report.summary.n).toBe(25);
    expect(report.summary.failed, detail).toBe(0);
  });

  it('median |error| within the guard', () => {
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(10);
  });

  it('share of cases within tolerance within the guard', () => {
    expect(outside.length / report.summary.n, detail).toBeLessThanOrEqual(0.24);
  });
});

describe('the harness reads the model and layout extensions', () => {
  const dsv3 = raw.cases.find((c) => c['id'] === 'mb260201_gb200_dsv3_256_mxfp8');
  if (dsv3 === undefined) throw new Error('DeepSeek-V3 GB200 row missing');

  it('maps MLA, shared experts, dense first layers and forced balance into the scenario sections', () => {
    const { workload } = trainingCaseSections(trainingCaseSchema.parse(dsv3));
    expect(workload.model.attention).toMatchObject({
      kind: 'mla',
      kvLoraRank: 512,
      qLoraRank: 1536,
    });
    expect(workload.model.moe).toMatchObject({
      experts: 256,
      topK: 8,
      sharedExperts: 1,
      denseFfnHiddenSize: 18432,
      firstDenseLayers: 3,
    });
    // DeepSeek-V3's stated 671 B total reads as untied embeddings.
    expect(workload.model.tiedEmbeddings).toBe(false);
    // Megatron-Bridge forces an even token distribution: the note says so.
    expect(workload.training.expertImbalance).toBe(1);
    expect(workload.parallelism).toMatchObject({ ep: 64 });
  });

  it('reads the recipe’s MTP modules where the row states none, and a copy may carry them', () => {
    const model = dsv3['model'] as Record<string, unknown>;
    expect(model['mtp_layers']).toBeNull();
    expect(model['recipe_mtp_layers']).toBe(1);
    const { workload } = trainingCaseSections(trainingCaseSchema.parse(dsv3));
    expect(workload.model.mtpLayers).toBe(1);
    const stripped = withoutCopyExtensions(dsv3) as { model: Record<string, unknown> };
    expect('recipe_mtp_layers' in stripped.model).toBe(false);
    expect(stripped.model['mtp_layers']).toBeNull();
  });

  it('an extension changes the prediction (MLA attention is wider than hidden/heads)', () => {
    const withMla = predictTrainingStepCase(dsv3, 'tokens_per_s', 'x', undefined).value;
    const { attention: _ignored, ...model } = dsv3['model'] as Record<string, unknown>;
    const without = predictTrainingStepCase(
      { ...dsv3, model },
      'tokens_per_s',
      'x',
      undefined,
    ).value;
    // MLA's 192-wide query/key heads cost more attention than 56-wide ones.
    expect(withMla).toBeLessThan(without);
  });

  it('a case without extensions reads as before (dense, tied embeddings when params_b cannot tell)', () => {
    const dense = { ...dsv3, model: { ...(dsv3['model'] as object), moe: null, attention: null } };
    const { workload } = trainingCaseSections(trainingCaseSchema.parse(dense));
    expect(workload.model.moe).toBeNull();
    expect(workload.model.attention).toBeNull();
    expect(workload.training.expertImbalance).toBeNull();
  });
});

describe('the harness reads gpt-oss’s expert MLP and pipeline split (copy extensions)', () => {
  const h100 = raw.cases.find((c) => c['id'] === 'mb260201_h100-sxm_gptoss120_64_bf16');
  if (h100 === undefined) throw new Error('gpt-oss H100 row missing');

  it('maps expert_bias, clamped_glu and pipeline_split into the scenario sections', () => {
    const { workload } = trainingCaseSections(trainingCaseSchema.parse(h100));
    expect(workload.model.moe).toMatchObject({ expertBias: true, clampedGlu: true });
    expect(workload.training.pipelineSplit).toBe('layers');
  });

  it('each extension slows the prediction (unfused bias and clamp; output layer on the last stage)', () => {
    const predict = (c: Record<string, unknown>) =>
      predictTrainingStepCase(c, 'tokens_per_s', 'x', undefined).value;
    const model = h100['model'] as Record<string, Record<string, unknown>>;
    const { expert_bias: _b, clamped_glu: _c, ...plainMoe } = model['moe'] ?? {};
    const training = h100['training'] as Record<string, unknown>;
    const { pipeline_split: _s, ...balancedTraining } = training;
    const stated = predict(h100);
    expect(stated).toBeLessThan(predict({ ...h100, model: { ...model, moe: plainMoe } }));
    expect(stated).toBeLessThan(predict({ ...h100, training: balancedTraining }));
  });
});
