import { describe, expect, it } from 'vitest';
import {
  describeIssue,
  inUserWords,
  parseScenario,
  placeOf,
  withDocValue,
} from '../../../model/scenario';
import ib from '../../../examples/pretrain-llama3-70b-1024xh100-ib.json';
import serving from '../../../examples/serving-llama3-70b-8xh100-fp8.json';

type Doc = Readonly<Record<string, unknown>>;
const ibDoc = () => structuredClone(ib) as unknown as Doc;

/**
 * A dotted field path as messages for files name them (`cluster.compute.gpus`), or a field's key
 * (`attentionHeads`).
 */
const INTERNAL_PATH = /\b[a-z][A-Za-z]*\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b|\b[a-z]+[A-Z]\w*/;

describe('problems in the user’s words', () => {
  it('names the field by label and section, with no internal path', () => {
    const text = inUserWords(
      'must be less than storage.node.cpuCoresPerNode (4), or data pre-processing has no core',
    );
    expect(text).toBe(
      'must be less than “CPU cores per node” in Storage (4), or data pre-processing has no core',
    );
    expect(placeOf('cluster.storage.node.cpuCoresReservedPerNode')).toMatch(/^Storage › /);
    expect(placeOf('workload.parallelism')).toBe('Workload › Parallelism');
    expect(placeOf('cluster.compute.gpus')).toBe('Compute › GPUs');
    expect(placeOf('userCatalog.entries[0].fields.heightU')).toMatch(/^User catalog › /);
  });

  it('no problem of a broken scenario shows an internal path (layout, storage, shape, catalog)', () => {
    const broken: Doc[] = [
      withDocValue(ibDoc(), ['cluster', 'compute', 'gpus'], 2048),
      withDocValue(ibDoc(), ['cluster', 'storage'], {
        node: { cpuCoresPerNode: 4, cpuCoresReservedPerNode: 8 },
      }),
      withDocValue(ibDoc(), ['cluster', 'storage'], { node: { cpuCoresPerNode: 4 } }),
      withDocValue(ibDoc(), ['workload', 'parallelism', 'pp'], 128),
      withDocValue(ibDoc(), ['workload', 'model', 'kvHeads'], 7),
      withDocValue(ibDoc(), ['workload', 'model', 'moe'], { experts: 4, topK: 8 }),
      withDocValue(ibDoc(), ['workload', 'parallelism', 'tp'], 3),
      withDocValue(ibDoc(), ['cluster', 'compute', 'gpusPerNode'], 4096),
      withDocValue(ibDoc(), ['workload', 'training', 'finetune'], { method: 'lora', rank: 65536 }),
      withDocValue(ibDoc(), ['facility', 'electricityId'], 'nowhere'),
      withDocValue(structuredClone(serving) as unknown as Doc, ['workload', 'model', 'paramsB'], 9),
      withDocValue(
        structuredClone(serving) as unknown as Doc,
        ['workload', 'parallelism', 'tp'],
        16,
      ),
      withDocValue(structuredClone(serving) as unknown as Doc, ['workload', 'partition'], {
        kind: 'mig',
      }),
    ];
    for (const doc of broken) {
      const r = parseScenario(doc);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      for (const issue of r.issues) {
        const t = describeIssue(issue);
        const shown = `${t.place} ${t.text}`;
        expect(shown, issue.message).not.toMatch(INTERNAL_PATH);
      }
    }
  });

  it('one message per problem: 1e30 layers is listed once', () => {
    const r = parseScenario(withDocValue(ibDoc(), ['workload', 'model', 'layers'], 1e30));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toEqual([
        { path: 'workload.model.layers', message: 'must be an integer from 1 to 1000 layers' },
      ]);
  });
});
