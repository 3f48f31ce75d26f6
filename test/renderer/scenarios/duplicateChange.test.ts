import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  changedCopyName,
  changeFields,
  currentValue,
  newValueLabel,
  unitShown,
} from '../../../renderer/features/scenarios/duplicateChange';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('duplicate-with-change fields', () => {
  it('offers the what-if fields the workload has, with labels and ranges from the schema', () => {
    const training = changeFields(example('pretrain-llama3-70b-1024xh100-ib.json'));
    const paths = training.map((f) => f.path.join('.'));
    expect(paths[0]).toBe('cluster.compute.gpus');
    expect(paths).toContain('workload.training.precision');
    expect(paths).not.toContain('workload.serving.precision');
    const gpus = training[0]!;
    expect(gpus.label).toBe('GPUs');
    expect(gpus.value).toMatchObject({ type: 'number', int: true, min: 1 });
    const serving = changeFields(example('serving-llama3-70b-8xh100-fp8.json')).map((f) =>
      f.path.join('.'),
    );
    expect(serving).toContain('workload.serving.precision');
    expect(serving).not.toContain('workload.training.precision');
  });

  it('reads the value stated, else the default; names the copy in words', () => {
    const doc = example('pretrain-llama3-70b-1024xh100-ib.json');
    const fields = changeFields(doc);
    const byPath = (p: string) => fields.find((f) => f.path.join('.') === p)!;
    expect(currentValue(doc, byPath('cluster.compute.gpus'))).toBe(1024);
    const cooling = byPath('facility.coolingType');
    expect(currentValue(doc, cooling)).toBe(cooling.defaultValue);
    expect(changedCopyName('IB build', 'GPUs', '2,048 GPUs')).toBe('IB build · GPUs 2,048 GPUs');
    expect(changedCopyName('', 'Accelerator', 'B200')).toBe('Scenario · Accelerator B200');
    expect(unitShown('GPUs', 'GPUs')).toBe('');
    expect(unitShown('Scale-out per GPU', 'Gb/s')).toBe('Gb/s');
    expect(newValueLabel('GPUs')).toBe('New GPUs');
    expect(newValueLabel('Accelerator')).toBe('New accelerator');
  });
});
