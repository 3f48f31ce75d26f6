/**
 * Static-shape serving (TGI-Gaudi): the decode batch padded to a multiple of a bucket
 * (`batchBucket`, causal_lm.py `new_bs = round_up(total_requests, BATCH_BUCKET_SIZE)`) and the KV
 * cache to a fixed length (`padContextTokens`, MAX_TOTAL_TOKENS), inside the one step-time
 * function every operating point uses.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeStepS,
  mixedStepS,
  paddedDecodeRows,
  prepareServing,
  stageTimeS,
} from '../../../model/serving/engine';
import { evaluateServingInput } from '../../../model/serving/evaluate';
import type { ServingConfig } from '../../../model/serving/types';
import { LLAMA3_70B, MIXTRAL_8X7B, config } from './helpers';

/** A few engine configurations: dense 8B TP1, 70B FP8 TP4, 70B TP2 PP2, Mixtral TP2. */
const CONFIGS: readonly { name: string; c: ServingConfig; tp: number; pp: number }[] = [
  { name: '8B H100 TP1', c: config(), tp: 1, pp: 1 },
  {
    name: '70B FP8 H100 TP4',
    c: config({
      model: LLAMA3_70B,
      precision: 'fp8',
      gpus: 4,
      inputTokens: 222,
      outputTokens: 292,
    }),
    tp: 4,
    pp: 1,
  },
  { name: '70B H100 TP2 PP2', c: config({ model: LLAMA3_70B, gpus: 4 }), tp: 2, pp: 2 },
  { name: 'Mixtral H100 TP2', c: config({ model: MIXTRAL_8X7B, gpus: 2 }), tp: 2, pp: 1 },
];

const BATCHES = [1, 3.4, 64, 100, 257, 767.5, 1000];

describe('padded decode rows', () => {
  it('round the running batch up to the bucket multiple; 0 stays 0; bucket 1 pads nothing', () => {
    const p = prepareServing(config({ batchBucket: 768 }), 1, 1, 1);
    expect(paddedDecodeRows(p, 0)).toBe(0);
    expect(paddedDecodeRows(p, 1)).toBe(768);
    expect(paddedDecodeRows(p, 768)).toBe(768);
    expect(paddedDecodeRows(p, 769)).toBe(1536);
    const p1 = prepareServing(config({ batchBucket: 1 }), 1, 1, 1);
    expect(paddedDecodeRows(p1, 3.4)).toBe(3.4);
  });
});

describe('padding never makes a step faster', () => {
  for (const { name, c, tp, pp } of CONFIGS) {
    it(name, () => {
      const plain = prepareServing(c, tp, pp, 1);
      for (const bucket of [8, 64, 768]) {
        const padded = prepareServing({ ...c, batchBucket: bucket }, tp, pp, 1);
        const ctx = prepareServing(
          { ...c, batchBucket: bucket, padContextTokens: 4096 },
          tp,
          pp,
          1,
        );
        for (const b of BATCHES) {
          const base = decodeStepS(plain, b);
          expect(decodeStepS(padded, b)).toBeGreaterThanOrEqual(base);
          expect(decodeStepS(ctx, b)).toBeGreaterThanOrEqual(decodeStepS(padded, b));
          expect(mixedStepS(padded, b, 2)).toBeGreaterThanOrEqual(mixedStepS(plain, b, 2));
        }
        // A bucket multiple is its own padded batch: nothing added there.
        expect(decodeStepS(padded, bucket * pp)).toBeCloseTo(decodeStepS(plain, bucket * pp), 12);
      }
    });
  }

  it('a step below the bucket costs the decode rows of the full bucket (no prefill mixed)', () => {
    const c = CONFIGS[1]!.c;
    const plain = prepareServing(c, 4, 1, 1);
    const padded = prepareServing({ ...c, batchBucket: 256 }, 4, 1, 1);
    expect(decodeStepS(padded, 100, false)).toBeCloseTo(decodeStepS(plain, 256, false), 12);
    expect(decodeStepS(padded, 300, false)).toBeCloseTo(decodeStepS(plain, 512, false), 12);
    expect(decodeStepS(padded, 100, false)).toBeGreaterThan(decodeStepS(plain, 100, false) * 1.1);
  });

  it('a padded context reads the padded length; one shorter than the context changes nothing', () => {
    const c = CONFIGS[0]!.c;
    const plain = prepareServing(c, 1, 1, 1);
    const padded = prepareServing({ ...c, padContextTokens: 4096 }, 1, 1, 1);
    const short = prepareServing({ ...c, padContextTokens: 16 }, 1, 1, 1);
    const o = { w: 0, c: 0, kv: 0, comm: 0, o: 0 };
    const oPlain = { ...o };
    stageTimeS(padded, 32, 0, 0, plain.ctxMeanTokens, o);
    stageTimeS(plain, 32, 0, 0, plain.ctxMeanTokens, oPlain);
    // KV read and decode attention scale with the context: 4,096 against the mean context.
    expect(o.kv / oPlain.kv).toBeCloseTo(4096 / plain.ctxMeanTokens, 6);
    expect(o.w).toBe(oPlain.w);
    expect(decodeStepS(short, 32)).toBe(decodeStepS(plain, 32));
    // Every request holds the padded length of cache: fewer fit.
    expect(padded.maxBatch).toBeLessThan(plain.maxBatch);
  });
});

describe('bucket 1 is the unpadded engine', () => {
  const loads: ServingConfig['load'][] = [
    { mode: 'offline' },
    { mode: 'request_rate', requestsPerS: 2 },
    { mode: 'concurrency', concurrency: 40 },
    { mode: 'slo', ttftLimitMs: 2000, tpotLimitMs: 60, percentile: 99 },
  ];
  for (const { name, c } of CONFIGS) {
    it(name, () => {
      for (const load of loads) {
        const a = evaluateServingInput({ ...c, load, layout: { ...c.layout, tp: null, pp: null } });
        const b = evaluateServingInput({
          ...c,
          load,
          layout: { ...c.layout, tp: null, pp: null },
          batchBucket: 1,
        });
        expect(b).toEqual(a);
      }
    });
  }
});

describe('operating points with a bucket', () => {
  const c: ServingConfig = {
    ...CONFIGS[1]!.c,
    layout: { tp: 4, pp: 1, ep: 1, replicas: 1 },
    batchBucket: 256,
  };
  const plain = prepareServing({ ...c, batchBucket: null }, 4, 1, 1);
  const padded = prepareServing(c, 4, 1, 1);

  it('TPOT at a fixed rate is the step at the padded batch (padded rows, the real prompts)', () => {
    for (const rate of [0.5, 2, 5]) {
      const r = evaluateServingInput({ ...c, load: { mode: 'request_rate', requestsPerS: rate } });
      expect(r.utilization).toBeLessThan(0.5); // no capacity band: the point itself
      const b = r.runningBatch;
      const prompts = Math.max(0, b - 1) / plain.outputTokens;
      const atPadded = stageTimeS(
        plain,
        Math.ceil(b / 256) * 256,
        prompts * plain.inputTokens,
        prompts,
        plain.ctxMeanTokens,
      );
      expect(r.tpotMs / 1000).toBeCloseTo(atPadded, 9);
      expect(decodeStepS(padded, b)).toBeCloseTo(atPadded, 12);
      const unpadded = evaluateServingInput({
        ...c,
        batchBucket: null,
        load: { mode: 'request_rate', requestsPerS: rate },
      });
      expect(r.tpotMs).toBeGreaterThan(unpadded.tpotMs);
    }
  });

  it('a queue filling from empty settles in the first bucket that holds the rate', () => {
    // 8B FP8 on one H100, near compute-bound at 512 rows: 513 requests pay for 1,024 rows, so
    // Little's law has a second root far above the bucket (1,155 at 90 % here); the batch a
    // queue reaches from empty is the first one, below 512.
    const small: ServingConfig = config({
      precision: 'fp8',
      inputTokens: 222,
      outputTokens: 292,
      layout: { tp: 1, pp: 1, ep: 1, replicas: 1 },
      batchBucket: 512,
    });
    const p = prepareServing(small, 1, 1, 1);
    expect(p.maxBatch).toBeGreaterThan(1024);
    const full = 512 / (decodeStepS(p, 512) * p.outputTokens);
    let last = 0;
    for (const f of [0.6, 0.8, 0.9, 0.95]) {
      const r = evaluateServingInput({
        ...small,
        load: { mode: 'request_rate', requestsPerS: f * full },
      });
      expect(r.runningBatch).toBeLessThanOrEqual(512);
      expect(r.runningBatch).toBeGreaterThan(last);
      last = r.runningBatch;
    }
  });
});
