import { describe, expect, it } from 'vitest';
import { servingLayoutText } from '../../../model/serving';
import { evaluateServingInput } from '../../../model/serving/evaluate';
import { MIXTRAL_8X7B, config } from './helpers';

describe('a serving layout in words', () => {
  it('names EP and attention data-parallel where they apply, and a partition’s instances', () => {
    const base = { tp: 8, pp: 1, ep: 1, attentionDp: false, replicas: 1, instancesPerGpu: 1 };
    expect(servingLayoutText(base)).toBe('TP 8 · PP 1 · 1 model copy');
    expect(servingLayoutText({ ...base, ep: 8, attentionDp: true })).toBe(
      'TP 8 · PP 1 · EP 8 · attention data-parallel · 1 model copy',
    );
    expect(servingLayoutText({ ...base, tp: 1, replicas: 8, instancesPerGpu: 7 })).toBe(
      'TP 1 · PP 1 · 56 model copies (7 instances per GPU)',
    );
  });

  it('the engine reports the EP it priced: the stated one on a MoE model, 1 on a dense one', () => {
    const moe = evaluateServingInput(
      config({
        model: MIXTRAL_8X7B,
        gpus: 8,
        layout: { tp: 8, pp: 1, ep: 8, replicas: 1 },
      }),
    );
    expect(moe.ep).toBe(8);
    const dense = evaluateServingInput(
      config({ gpus: 8, layout: { tp: 8, pp: 1, ep: 8, replicas: 1 } }),
    );
    expect(dense.ep).toBe(1);
    expect(servingLayoutText(dense)).toBe('TP 8 · PP 1 · 1 model copy');
  });
});
