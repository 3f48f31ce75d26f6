import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { servingInputOf } from '../../../model/serving/input';
import {
  caseServingModelSection,
  predictServingCase,
  servingCaseSections,
} from '../../../model/validation/serving';
import { withoutCopyExtensions } from '../../../model/validation/training';

type Case = {
  id: string;
  kind: string;
  observed: { metric: string; value: number };
  tolerance_pct: number;
};

const file = new URL('../../../model/validation/bundled/serving-dev.json', import.meta.url);
const cases = (JSON.parse(readFileSync(file, 'utf8')) as { cases: Case[] }).cases.filter(
  (c) => c.kind === 'serving',
);

describe('serving-dev.json through predictServingCase', () => {
  const rows = cases.map((c) => {
    const { metric, predicted } = predictServingCase(c);
    const errPct = ((predicted - c.observed.value) / c.observed.value) * 100;
    return { id: c.id, metric, predicted, errPct, outside: Math.abs(errPct) > c.tolerance_pct };
  });

  it('predicts every case with the metric the case observes', () => {
    expect(rows.length).toBe(cases.length);
    expect(rows.length).toBeGreaterThan(50);
    for (const [i, r] of rows.entries()) {
      expect(r.metric).toBe(cases[i]!.observed.metric);
      expect(Number.isFinite(r.predicted) && r.predicted > 0).toBe(true);
    }
  });

  it('median |error| ≤ 15 % and at most 15 % of cases outside their tolerance', () => {
    const abs = rows.map((r) => Math.abs(r.errPct)).sort((a, b) => a - b);
    const mid = abs.length / 2;
    const median = abs.length % 2 === 1 ? abs[Math.floor(mid)]! : (abs[mid - 1]! + abs[mid]!) / 2;
    const outside = rows.filter((r) => r.outside);
    const summary = `median |error| ${median.toFixed(1)} %, outside tolerance ${outside.length}/${rows.length}: ${outside
      .map((r) => `${r.id} ${r.errPct.toFixed(0)}%`)
      .join(', ')}`;
    expect(median, summary).toBeLessThanOrEqual(15);
    expect(outside.length / rows.length, summary).toBeLessThanOrEqual(0.15);
  });
});

describe('fields a serving case may leave out', () => {
  const full = JSON.parse(readFileSync(file, 'utf8')) as { cases: Record<string, unknown>[] };
  const dense = full.cases.find(
    (c) => c['kind'] === 'serving' && (c['model'] as { moe: unknown }).moe === null,
  )!;

  it('get defaults (feed-forward type and size from the shape, MHA, optimized stack, layout chosen, node as scale-up domain) instead of failing', () => {
    const model = { ...(dense['model'] as Record<string, unknown>) };
    const stated = caseServingModelSection(model);
    delete model['ffn_type'];
    delete model['params_b'];
    const inferred = caseServingModelSection(model);
    expect(inferred.ffnType).toBe(stated.ffnType);
    expect(inferred.paramsB / stated.paramsB).toBeGreaterThan(0.97);
    expect(inferred.paramsB / stated.paramsB).toBeLessThan(1.03);
    delete model['kv_heads'];
    expect(caseServingModelSection(model).kvHeads).toBe(stated.attentionHeads);

    const { stack: _s, parallelism: _p, ...rest } = dense;
    const sys = { ...(dense['system'] as Record<string, unknown>) };
    delete sys['nvlink_domain'];
    const sections = servingCaseSections({ ...rest, system: sys });
    expect(sections.compute.stack).toBe('optimized');
    const cfg = servingInputOf(sections);
    expect(cfg.layout).toEqual({ tp: null, pp: null, ep: 1, replicas: null, attentionDp: false });
    expect(cfg.nvlinkDomainGpus).toBe(sys['gpus_per_node']);
    expect(Number.isFinite(predictServingCase({ ...rest, system: sys }).predicted)).toBe(true);
  });

  it('an MoE model must state its size; a bad stated type is still an error naming the field', () => {
    const moeCase = full.cases.find(
      (c) => c['kind'] === 'serving' && (c['model'] as { moe: unknown }).moe !== null,
    )!;
    const model = { ...(moeCase['model'] as Record<string, unknown>) };
    delete model['params_b'];
    expect(() => caseServingModelSection(model)).toThrow(/^model\.params_b/);
    expect(() =>
      caseServingModelSection({ ...(dense['model'] as object), ffn_type: 'relu' }),
    ).toThrow(/^model\.ffn_type/);
  });
});

describe("a layout read from the run's launch script (parallelism.recipe_*, bundled copies)", () => {
  const full = JSON.parse(readFileSync(file, 'utf8')) as { cases: Record<string, unknown>[] };
  const gaudi = full.cases.filter((c) => String(c['id']).includes('gaudi2'));

  it('the Gaudi 2 rows carry the TGI-Gaudi launch layout (one server sharded over 8 cards), cited', () => {
    expect(gaudi.length).toBe(3);
    for (const c of gaudi) {
      expect(c['parallelism']).toMatchObject({ tp: null, replicas: null, recipe_tp: 8 });
      expect(String(c['extensions_source'])).toMatch(/run_tgi_server\.sh.*--num-shard 8/);
      // Stripped of the extension, the row is the shared file's (tp and replicas unstated).
      expect((withoutCopyExtensions(c) as { parallelism: object }).parallelism).toEqual({
        tp: null,
        pp: null,
        ep: 1,
        replicas: null,
      });
    }
  });

  it('is used only where the case leaves the field unstated, and changes the prediction', () => {
    const c = gaudi.find((x) => String(x['id']).endsWith('_offline_tput'))!;
    const par = c['parallelism'] as Record<string, unknown>;
    expect(servingInputOf(servingCaseSections(c)).layout).toMatchObject({
      tp: 8,
      pp: 1,
      replicas: 1,
    });
    // A stated field wins over the launch script's.
    const stated = { ...c, parallelism: { ...par, tp: 4, pp: 1, replicas: 2 } };
    expect(servingInputOf(servingCaseSections(stated)).layout).toMatchObject({
      tp: 4,
      replicas: 2,
    });
    // Without it the engine chooses (one copy per card on Gaudi 2), and the figure moves.
    const bare = withoutCopyExtensions(c);
    expect(servingInputOf(servingCaseSections(bare)).layout).toMatchObject({ tp: null });
    const withRecipe = predictServingCase(c).predicted;
    const chosen = predictServingCase(bare).predicted;
    expect(Math.abs(withRecipe / chosen - 1)).toBeGreaterThan(0.1);
  });

  it('a recipe field that is not a number is an error naming it', () => {
    const c = gaudi[0]!;
    const bad = { ...c, parallelism: { ...(c['parallelism'] as object), recipe_tp: 'eight' } };
    expect(() => servingCaseSections(bad)).toThrow(/^parallelism\.recipe_tp/);
  });
});

describe("static shapes read from the run's engine code (serving.recipe_batch_bucket, bundled copies)", () => {
  const full = JSON.parse(readFileSync(file, 'utf8')) as { cases: Record<string, unknown>[] };
  const gaudi = full.cases.filter((c) => String(c['id']).includes('gaudi2'));
  const row = (suffix: string) => gaudi.find((x) => String(x['id']).endsWith(suffix))!;

  it('the Gaudi 2 rows state TGI-Gaudi’s bucket (the scenario’s --bs), cited to causal_lm.py', () => {
    expect(gaudi.length).toBe(3);
    const bucket = (c: Record<string, unknown>) =>
      (c['serving'] as Record<string, unknown>)['recipe_batch_bucket'];
    expect(bucket(row('_offline_tput'))).toBe(1024);
    expect(bucket(row('_server_tput'))).toBe(768);
    expect(bucket(row('_server_tpot'))).toBe(768);
    for (const c of gaudi) {
      expect(String(c['extensions_source'])).toMatch(
        /causal_lm\.py.*round_up\(total_requests, BATCH_BUCKET_SIZE\)/,
      );
      // The padded KV length and the admission limit the same code and script set: every
      // running request counts at the padded length against bs × MAX_TOTAL_TOKENS.
      expect(String(c['extensions_source'])).toMatch(/grouped_pad.*max_tokens.*--bs requests run/);
      const srv = c['serving'] as Record<string, unknown>;
      expect(srv['recipe_padded_context_tokens']).toBe(2048);
      expect(srv['recipe_max_batch']).toBe(bucket(c));
      const stripped = withoutCopyExtensions(c) as { serving: Record<string, unknown> };
      expect(stripped.serving).not.toHaveProperty('recipe_batch_bucket');
      expect(stripped.serving).not.toHaveProperty('recipe_max_batch');
      const read = servingCaseSections(c).workload.serving;
      expect(read.batchBucket).toBe(bucket(c));
      expect(read.padContextTokens).toBe(2048);
      expect(read.maxBatchPerReplica).toBe(bucket(c));
      const bare = servingCaseSections(stripped).workload.serving;
      expect(bare.batchBucket).toBeNull();
      expect(bare.padContextTokens).toBeNull();
      expect(bare.maxBatchPerReplica).toBe('auto');
    }
  });

  it('reaches the engine: the Server TPOT row moves, the padded step is the one priced', () => {
    const c = row('_server_tpot');
    const padded = predictServingCase(c).predicted;
    const bare = predictServingCase(withoutCopyExtensions(c)).predicted;
    // Stripped of every extension the layout is the engine's own too; with the layout kept and
    // only the bucket removed, the bucket alone raises TPOT.
    const srv = c['serving'] as Record<string, unknown>;
    const {
      recipe_batch_bucket: bucket,
      recipe_padded_context_tokens: _p,
      recipe_max_batch: _m,
      ...noStatic
    } = srv;
    const layoutOnly = predictServingCase({ ...c, serving: noStatic }).predicted;
    const bucketOnly = predictServingCase({
      ...c,
      serving: { ...noStatic, recipe_batch_bucket: bucket },
    }).predicted;
    expect(bucketOnly).toBeGreaterThan(layoutOnly * 1.5);
    expect(padded).toBeGreaterThan(layoutOnly * 1.5);
    expect(bare).not.toBe(padded);
  });

  it('a padded context is read the same way; a bucket that is not a number is an error naming it', () => {
    const c = row('_server_tpot');
    const srv = c['serving'] as Record<string, unknown>;
    const withCtx = { ...c, serving: { ...srv, recipe_padded_context_tokens: 2048 } };
    expect(servingCaseSections(withCtx).workload.serving.padContextTokens).toBe(2048);
    expect((withoutCopyExtensions(withCtx) as { serving: object }).serving).not.toHaveProperty(
      'recipe_padded_context_tokens',
    );
    const badLimit = { ...c, serving: { ...srv, recipe_max_batch: 'bs' } };
    expect(() => servingCaseSections(badLimit)).toThrow(/^serving\.recipe_max_batch/);
    const bad = { ...c, serving: { ...srv, recipe_batch_bucket: 'all' } };
    expect(() => servingCaseSections(bad)).toThrow(/^serving\.recipe_batch_bucket/);
    const zero = { ...c, serving: { ...srv, recipe_batch_bucket: 0 } };
    expect(() => servingCaseSections(zero)).toThrow(/^workload\.serving\.batchBucket/);
  });
});
