/**
 * The editor's edit with the follow-on changes only the resolved build can tell (model/build/
 * edits.ts): stated fat-tree tiers that no longer hold the cluster become automatic.
 */
import { describe, expect, it } from 'vitest';
import { followBuildEdit } from '../../../model/build';
import { evaluate } from '../../../model/evaluate';
import { docValue, parseScenario, withDocValue } from '../../../model/scenario';
import ib from '../../../examples/pretrain-llama3-70b-1024xh100-ib.json';

type Doc = Readonly<Record<string, unknown>>;
const ibDoc = (): Doc => structuredClone(ib) as unknown as Doc;
const GPUS = ['cluster', 'compute', 'gpus'];
const TIERS = ['cluster', 'network', 'scaleOut', 'fatTreeTiers'];

function evaluates(doc: Doc): boolean {
  const r = parseScenario(doc);
  if (!r.ok) return false;
  evaluate(r.scenario);
  return true;
}

describe('stated fat-tree tiers follow the cluster', () => {
  it('1,024 → 16,384 GPUs: two tiers no longer hold the NICs, so the tiers go automatic (refused before)', () => {
    expect(docValue(ibDoc(), TIERS)).toBe(2);
    const { doc, notes } = followBuildEdit(ibDoc(), GPUS, 16384);
    expect(docValue(doc, TIERS)).toBe('auto');
    const note = notes.find((n) => n.paths.includes('cluster.network.scaleOut.fatTreeTiers'));
    expect(note?.text).toBe(
      'Fat-tree tiers 2 → automatic: 2 switch tiers cannot connect the 16,384 GPUs’ network ports with the fabric’s switches, so the number of tiers is now chosen automatically.',
    );
    // The layout's own follow-on change is still there.
    expect(notes.some((n) => n.paths.includes('workload.parallelism.dp'))).toBe(true);
    expect(evaluates(doc)).toBe(true);
    // Without the follow-on change the same edit is refused, naming the tiers and what the
    // catalog's largest switch holds (it quoted the first switch tried, radix 64: 2048 before).
    const plain = withDocValue(doc, TIERS, 2);
    const r = parseScenario(plain);
    if (!r.ok) throw new Error('expected a valid document');
    expect(() => evaluate(r.scenario)).toThrow(
      /^cluster\.network\.scaleOut\.fatTreeTiers: 2 tiers hold at most 10,368 endpoints \(144 leaves\) with radix-144 switches at 1:1; 16,384 endpoints need /,
    );
  });

  it('tiers that still hold the cluster stay as stated; editing the tiers themselves is left alone', () => {
    const grown = followBuildEdit(ibDoc(), GPUS, 2048);
    expect(docValue(grown.doc, TIERS)).toBe(2);
    expect(grown.notes.some((n) => n.paths.includes('cluster.network.scaleOut.fatTreeTiers'))).toBe(
      false,
    );
    const big = followBuildEdit(ibDoc(), GPUS, 16384).doc;
    const stated = followBuildEdit(big, TIERS, 2);
    expect(docValue(stated.doc, TIERS)).toBe(2);
    expect(stated.notes).toEqual([]);
  });

  it('one stated tier on a cluster that outgrows one switch', () => {
    const one = withDocValue(withDocValue(ibDoc(), GPUS, 32), TIERS, 1);
    const small = { ...one, workload: { ...(one['workload'] as object), parallelism: 'auto' } };
    expect(evaluates(small)).toBe(true);
    const { doc, notes } = followBuildEdit(small, GPUS, 4096);
    expect(docValue(doc, TIERS)).toBe('auto');
    expect(notes.at(-1)?.text).toContain('Fat-tree tiers 1 → automatic: one switch tier cannot');
    expect(evaluates(doc)).toBe(true);
  });
});
