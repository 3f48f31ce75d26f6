import { describe, expect, it } from 'vitest';
import { migProfileField } from '../../../renderer/features/scenarios/catalogFields';

describe('MIG profile field (issue 20)', () => {
  it('offers the profiles of the scenario’s accelerator with their slices', () => {
    const h100 = migProfileField(['workload', 'partition', 'profile'], 'h100-sxm');
    expect(h100?.choices.map((c) => c.id)).toEqual([
      '1g.10gb',
      '1g.20gb',
      '2g.20gb',
      '3g.40gb',
      '4g.40gb',
      '7g.80gb',
    ]);
    expect(h100?.choices[0]?.label).toContain('1/7 compute, 1/8 memory, 7 per GPU');
    const rtx = migProfileField(['workload', 'partition', 'profile'], 'rtx-pro-6000');
    expect(rtx?.choices.map((c) => c.id)).toEqual(['1g.24gb', '2g.48gb', '4g.96gb']);
  });

  it('offers none on a part without MIG, and leaves other fields alone', () => {
    expect(migProfileField(['workload', 'partition', 'profile'], 'mi300x')?.choices).toEqual([]);
    expect(migProfileField(['workload', 'model', 'preset'], 'h100-sxm')).toBeNull();
  });
});
