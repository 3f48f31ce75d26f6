import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateServingInput } from '../../../model/serving/evaluate';
import { getAccelerator } from '../../../model/catalog/accelerators';
import { MIG_PROFILES, migProfilesFor, migShares } from '../../../model/catalog/mig';
import { config } from './helpers';
import type { ServingModelShape } from '../../../model/serving/types';

/**
 * MIG partitions (issue 20): the profiles come from the catalog, and seven 1g instances (four on
 * RTX PRO 6000) serve within the documented partitioning cost of one whole GPU (±25 %, README):
 * they lose the eighth memory slice, each streams its own copy of the weights and pays its own
 * per-step kernel floors, and each engine takes its share of the batch slots, so for models whose weights
 * take between a sixteenth and a quarter of a 1g slice the whole set of 1g instances delivers 75–125 % of the
 * whole GPU's offline throughput (one instance: 1/n of it within the same band).
 */
const MIG_TOLERANCE = 0.25;

function dense(layers: number, hidden: number): ServingModelShape {
  const ffn = Math.round((hidden * 8) / 3 / 256) * 256;
  const params = layers * (4 * hidden * hidden * 0.625 + 3 * hidden * ffn) + 2 * 128256 * hidden;
  return {
    paramsTotal: params,
    layers,
    hidden,
    heads: hidden / 128,
    kvHeads: Math.max(1, hidden / 512),
    ffnHidden: ffn,
    vocab: 128256,
    ffnType: 'swiglu',
    moe: null,
  };
}

describe('MIG profiles from the catalog', () => {
  it('A100, H100, H200 and B200 carry 1g…7g profiles; RTX PRO 6000 up to 4 instances', () => {
    for (const id of ['a100-sxm-80gb', 'h100-sxm', 'h200-sxm', 'b200']) {
      const names = migProfilesFor(id).map((p) => p.id.split('.')[0]);
      expect(names).toEqual(['1g', '1g', '2g', '3g', '4g', '7g']);
    }
    expect(migProfilesFor('rtx-pro-6000').map((p) => p.maxInstances)).toEqual([4, 2, 1]);
    expect(migShares('h100-sxm', '1g.10gb')).toEqual({
      computeShare: 1 / 7,
      memoryShare: 1 / 8,
      instances: 7,
    });
    expect(migShares('h100-sxm', '3g.40gb').instances).toBe(2);
    expect(() => migShares('mi300x', '1g.10gb')).toThrow(/partition\.profile.*mi300x/);
  });

  it('a profile name in the engine replaces the shares', () => {
    const named = evaluateServingInput(
      config({
        precision: 'fp8',
        partition: { kind: 'mig', computeShare: 0, memoryShare: 0, profile: '1g.20gb' },
      }),
    );
    const explicit = evaluateServingInput(
      config({
        precision: 'fp8',
        partition: { kind: 'mig', computeShare: 1 / 7, memoryShare: 2 / 8 },
      }),
    );
    expect(named.outputTokensPerS).toBeCloseTo(explicit.outputTokensPerS, 6);
  });

  it('weights that leave no room in one instance blame the partition, not tp/pp (which must be 1 there)', () => {
    // Llama 3 8B in BF16 (16 GB) on a 1g.10gb instance; before: "… on NVIDIA H100 SXM5 80GB
    // slice — raise tp/pp", at workload.parallelism.
    const run = (partition: Parameters<typeof config>[0]) => () =>
      evaluateServingInput(config(partition));
    expect(
      run({ partition: { kind: 'mig', computeShare: 0, memoryShare: 0, profile: '1g.10gb' } }),
    ).toThrow(
      /^workload\.partition: the weights \(16\.\d GB\) leave no room for the KV cache in one instance \(10\.\d GB of memory\) of NVIDIA H100.*: use a larger profile, fewer instances per GPU, or whole GPUs \(no partitioning\) with tp or pp above 1$/,
    );
    expect(run({ partition: { kind: 'time_sliced', instances: 7 } })).toThrow(
      /^workload\.partition: .*: use fewer instances per GPU, or whole GPUs/,
    );
    // With the layout automatic too: the search tries TP = PP = 1 only, so the reason is this
    // one ("a partitioned GPU serves one model copy per instance", from a wider layout, before).
    expect(
      run({
        gpus: 8,
        layout: { tp: null, pp: null, ep: 1, replicas: null },
        partition: { kind: 'mig', computeShare: 0, memoryShare: 0, profile: '1g.10gb' },
      }),
    ).toThrow(/^workload\.partition: the weights \(16\.\d GB\) leave no room/);
  });

  it('an 8B FP8 model on four 1g.20gb instances of an H100 serves a sensible share of the whole GPU', () => {
    const whole = evaluateServingInput(config({ precision: 'fp8' }));
    const mig = evaluateServingInput(
      config({
        precision: 'fp8',
        partition: { kind: 'mig', computeShare: 0, memoryShare: 0, profile: '1g.20gb' },
      }),
    );
    // Four 1g.20gb get 4/7 of the SMs and all of the memory bandwidth.
    expect(mig.outputTokensPerS / whole.outputTokensPerS).toBeGreaterThan(0.45);
    expect(mig.outputTokensPerS / whole.outputTokensPerS).toBeLessThan(1);
  });

  it('property: all 1g instances serve within ±25 % of the whole GPU when the weights leave room', () => {
    const accs = Object.keys(MIG_PROFILES);
    fc.assert(
      fc.property(
        fc.constantFrom(...accs),
        fc.integer({ min: 8, max: 28 }),
        fc.constantFrom(1024, 1536, 2048, 3072),
        fc.constantFrom('fp8' as const, 'bf16' as const),
        fc.integer({ min: 64, max: 2000 }),
        fc.integer({ min: 32, max: 1000 }),
        (acc, layers, hidden, precision, inputTokens, outputTokens) => {
          const model = dense(layers, hidden);
          const profile = migProfilesFor(acc)[0];
          if (profile === undefined) return true;
          const shares = migShares(acc, profile.id);
          const slice = getAccelerator(acc).hbmGB.value * 1024 ** 3 * shares.memoryShare;
          const weight = model.paramsTotal * (precision === 'fp8' ? 1 : 2);
          fc.pre(weight <= 0.25 * slice && weight >= slice / 16);
          const base = config({
            model,
            precision,
            acceleratorId: acc,
            inputTokens,
            outputTokens,
            layout: { tp: 1, pp: 1, ep: 1, replicas: 1 },
          });
          const whole = evaluateServingInput(base).outputTokensPerS;
          const all = evaluateServingInput({
            ...base,
            partition: { kind: 'mig', computeShare: 0, memoryShare: 0, profile: profile.id },
          }).outputTokensPerS;
          const one = all / shares.instances;
          expect(all).toBeLessThanOrEqual(whole * (1 + MIG_TOLERANCE));
          expect(one).toBeGreaterThanOrEqual((whole / shares.instances) * (1 - MIG_TOLERANCE));
          return true;
        },
      ),
      { numRuns: 60, seed: 20 },
    );
  });
});
