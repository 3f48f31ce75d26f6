import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../../model/catalog';
import { ACCELERATORS } from '../../../model/catalog/accelerators';
import { resolveBuild, systemFor } from '../../../model/build';
import {
  applyAcceleratorPlatform,
  docValue,
  followFieldEdit,
  parseScenario,
  presetIdForModel,
  withDocValue,
} from '../../../model/scenario';
import { evaluate } from '../../../model/evaluate';
import { getModelPreset, servingModelFromPreset } from '../../../model/scenario/presets';
import ib from '../../../examples/pretrain-llama3-70b-1024xh100-ib.json';
import serving from '../../../examples/serving-llama3-70b-8xh100-fp8.json';

type Doc = Readonly<Record<string, unknown>>;
const ibDoc = (): Doc => structuredClone(ib) as unknown as Doc;
const servingDoc = (): Doc => structuredClone(serving) as unknown as Doc;
const GPUS = ['cluster', 'compute', 'gpus'];
const ACC = ['cluster', 'compute', 'acceleratorId'];

function issuesOf(doc: Doc) {
  const r = parseScenario(doc);
  return r.ok ? [] : r.issues;
}

describe('GPU count edits keep a stated layout valid', () => {
  it('1,024 → 2,048 GPUs doubles DP and keeps TP, PP, CP and the rest of the layout', () => {
    const before = ibDoc();
    expect(issuesOf(withDocValue(before, GPUS, 2048)).map((i) => i.path)).toContain(
      'workload.parallelism',
    );
    const { doc, notes } = followFieldEdit(before, GPUS, 2048);
    expect(docValue(doc, ['workload', 'parallelism'])).toEqual({
      ...(ib.workload.parallelism as object),
      dp: 64,
    });
    expect(issuesOf(doc)).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.text).toMatch(/Data parallel \(DP\) 32 → 64/);
    expect(notes[0]!.text).not.toMatch(/cluster\.compute|workload\./);
    // The edit itself is pure: the document it came from is unchanged.
    expect(docValue(before, ['workload', 'parallelism', 'dp'])).toBe(32);
  });

  it('rescales CP when the global batch does not split over more replicas', () => {
    const small = withDocValue(ibDoc(), ['workload', 'training', 'globalBatchSeqs'], 32);
    const { doc, notes } = followFieldEdit(small, GPUS, 2048);
    expect(docValue(doc, ['workload', 'parallelism', 'dp'])).toBe(32);
    expect(docValue(doc, ['workload', 'parallelism', 'cp'])).toBe(2);
    expect(notes[0]!.text).toMatch(/Context parallel \(CP\) 1 → 2/);
    expect(issuesOf(doc)).toEqual([]);
  });

  it('switches to the automatic layout, with a notice, when no whole degree fits', () => {
    const { doc, notes } = followFieldEdit(ibDoc(), GPUS, 1000);
    expect(docValue(doc, ['workload', 'parallelism'])).toBe('auto');
    expect(notes[0]!.text).toMatch(/chosen automatically/);
    expect(notes[0]!.text).toMatch(/TP 8 × PP 4 × DP 32 × CP 1/);
    expect(issuesOf(doc)).toEqual([]);
  });

  it('keeps a partly automatic layout while its stated degrees divide the GPUs', () => {
    const partial = withDocValue(ibDoc(), ['workload', 'parallelism', 'dp'], 'auto');
    expect(followFieldEdit(partial, GPUS, 512).notes).toEqual([]);
    expect(docValue(followFieldEdit(partial, GPUS, 520).doc, ['workload', 'parallelism'])).toBe(
      'auto',
    );
  });

  it('no GPU count from 1 to 100,000 leaves a layout or node shape that does not fit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (gpus) => {
        const { doc } = followFieldEdit(ibDoc(), GPUS, gpus);
        const layoutIssues = issuesOf(doc).filter(
          (i) =>
            i.path.startsWith('workload.parallelism') ||
            i.path.includes('globalBatch') ||
            i.path.startsWith('cluster.compute.gpusPerNode') ||
            i.path.startsWith('cluster.compute.nvlinkDomainGpus'),
        );
        expect(layoutIssues).toEqual([]);
      }),
      { numRuns: 60, examples: [[1], [7]] },
    );
  });

  it('MoE: a stated EP that no longer folds over the GPUs of a stage, or splits the experts, comes down (refused before)', () => {
    const preset = getModelPreset('deepseek-v3');
    if (!preset?.layout) throw new Error('preset missing');
    const ds = withDocValue(
      withDocValue(
        withDocValue(ibDoc(), ['workload', 'model'], preset.shape),
        ['workload', 'training', 'globalBatchSeqs'],
        preset.globalBatchSeqs,
      ),
      ['workload', 'parallelism'],
      { ...preset.layout, dp: 64 },
    );
    expect(issuesOf(ds)).toEqual([]);
    const EP = ['workload', 'parallelism', 'ep'];
    // 256 GPUs: DP 64 → 16, a stage folds TP 2 × DP 16 = 32 GPUs, so EP 64 → 32.
    const small = followFieldEdit(ds, GPUS, 256);
    expect(docValue(small.doc, EP)).toBe(32);
    expect(small.notes.at(-1)?.text).toBe(
      'Expert parallel (EP) 64 → 32, so that it folds over the 32 GPUs of a pipeline stage (TP × CP × DP).',
    );
    expect(issuesOf(small.doc)).toEqual([]);
    // 160 experts: EP 64 → 32 (the largest degree that splits them evenly).
    const experts = followFieldEdit(ds, ['workload', 'model', 'moe', 'experts'], 160);
    expect(docValue(experts.doc, EP)).toBe(32);
    expect(experts.notes.map((n) => n.text)).toContain(
      'Expert parallel (EP) 64 → 32, so that it splits the 160 routed experts evenly.',
    );
    expect(issuesOf(experts.doc)).toEqual([]);
    // Property: no GPU count leaves the expert layout refused.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (gpus) => {
        const { doc } = followFieldEdit(ds, GPUS, gpus);
        expect(issuesOf(doc).filter((i) => i.path.startsWith('workload.parallelism'))).toEqual([]);
      }),
      { numRuns: 40, examples: [[16], [128], [96]] },
    );
  });

  it('a cluster smaller than one node is one partial node; growing again brings the platform’s node back', () => {
    for (const start of [ibDoc(), servingDoc()]) {
      const small = followFieldEdit(start, GPUS, 7);
      expect(docValue(small.doc, ['cluster', 'compute', 'gpusPerNode'])).toBe(7);
      expect(small.notes[0]!.text).toBe(
        'GPUs per node 8 → 7 (the cluster is smaller than one node).',
      );
      expect(issuesOf(small.doc)).toEqual([]);
      const grown = followFieldEdit(small.doc, GPUS, 16);
      expect(docValue(grown.doc, ['cluster', 'compute', 'gpusPerNode'])).toBe(8);
      expect(grown.notes[0]!.text).toMatch(/^GPUs per node 7 → 8 \(NVIDIA DGX H100/);
      expect(issuesOf(grown.doc)).toEqual([]);
    }
    // One GPU reads in the singular.
    const one = followFieldEdit(ibDoc(), GPUS, 1);
    expect(one.notes.map((n) => n.text).join(' ')).not.toMatch(/\b1 GPUs\b/);
    // A count that is still a whole node or more leaves the node alone.
    expect(
      followFieldEdit(ibDoc(), GPUS, 2048).notes.some((n) => n.text.includes('per node')),
    ).toBe(false);
  });

  it('serving: model copies that filled the GPUs keep filling them', () => {
    const doc0 = withDocValue(
      withDocValue(servingDoc(), ['workload', 'parallelism', 'tp'], 4),
      ['workload', 'parallelism', 'replicas'],
      2,
    );
    const { doc, notes } = followFieldEdit(doc0, GPUS, 16);
    expect(docValue(doc, ['workload', 'parallelism', 'replicas'])).toBe(4);
    expect(notes[0]!.text).toMatch(/Model copies 2 → 4/);
    const shrunk = followFieldEdit(doc0, GPUS, 2);
    expect(docValue(shrunk.doc, ['workload', 'parallelism', 'tp'])).toBe('auto');
  });

  it('serving MoE: a copy wider than the GPUs left takes EP down with TP (refused as EP 8 on 4 GPUs before)', () => {
    const preset = getModelPreset('qwen3-30b-a3b');
    if (!preset) throw new Error('preset missing');
    const moe = withDocValue(
      withDocValue(servingDoc(), ['workload', 'model'], servingModelFromPreset(preset)),
      ['workload', 'parallelism'],
      { tp: 8, pp: 1, ep: 8, replicas: 1 },
    );
    expect(issuesOf(moe)).toEqual([]);
    const { doc, notes } = followFieldEdit(moe, GPUS, 4);
    expect(docValue(doc, ['workload', 'parallelism', 'ep'])).toBe(4);
    expect(notes.map((n) => n.text).join(' ')).toContain('Expert parallel (EP) 8 → 4');
    const r = parseScenario(doc);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(evaluate(r.scenario).serving?.tp).toBe(4);
    // Room for the copy: EP stays.
    expect(docValue(followFieldEdit(moe, GPUS, 16).doc, ['workload', 'parallelism', 'ep'])).toBe(8);
  });
});

describe('accelerator edits bring the platform’s shape', () => {
  it('GB200: 72 GPUs per node (NVL72), NVLink domain 72, direct liquid cooling, 132 kW racks', () => {
    const { doc, notes } = followFieldEdit(ibDoc(), ACC, 'gb200');
    expect(docValue(doc, ['cluster', 'compute', 'gpusPerNode'])).toBe(72);
    expect(docValue(doc, ['cluster', 'compute', 'nvlinkDomainGpus'])).toBe('auto');
    expect(docValue(doc, ['facility', 'coolingType'])).toBe('direct-liquid');
    const parsed = parseScenario(doc);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(systemFor(parsed.scenario, builtinCatalog())?.id).toBe('gb200-nvl72');
    const build = resolveBuild(parsed.scenario, builtinCatalog());
    expect(build?.warnings.filter((w) => /rack/i.test(w)) ?? []).toEqual([]);
    expect(build!.facility.rackLimitKw * 1000).toBeGreaterThanOrEqual(build!.system.ratedPowerW);
    const text = notes.map((n) => n.text).join('\n');
    expect(text).toMatch(/GPUs per node 8 → 72/);
    expect(text).toMatch(/direct liquid cooling/);
  });

  it('B200 takes the DGX B200 shape; back to H100 restores an 8-GPU air-cooled server', () => {
    const b200 = followFieldEdit(ibDoc(), ACC, 'b200').doc;
    const parsed = parseScenario(b200);
    expect(parsed.ok && systemFor(parsed.scenario, builtinCatalog())?.id).toBe('dgx-b200');
    expect(docValue(b200, ['cluster', 'compute', 'gpusPerNode'])).toBe(8);
    const gb = followFieldEdit(ibDoc(), ACC, 'gb200').doc;
    const back = followFieldEdit(gb, ACC, 'h100-sxm').doc;
    expect(docValue(back, ['cluster', 'compute', 'gpusPerNode'])).toBe(8);
  });

  it('every catalog accelerator gives a scenario that parses, whose system holds its GPUs per node', () => {
    for (const a of ACCELERATORS) {
      const { doc } = applyAcceleratorPlatform(ibDoc(), a.id);
      const parsed = parseScenario(doc);
      expect(parsed.ok ? [] : parsed.issues, a.id).toEqual([]);
      if (!parsed.ok) continue;
      const sys = systemFor(parsed.scenario, builtinCatalog());
      expect(sys?.acceleratorId, a.id).toBe(a.id);
      expect(parsed.scenario.cluster.compute.gpusPerNode, a.id).toBe(sys?.gpusPerNode);
      const build = resolveBuild(parsed.scenario, builtinCatalog())!;
      expect(
        build.warnings.filter((w) => /rack/i.test(w)),
        a.id,
      ).toEqual([]);
      expect(build.facility.rackLimitKw * 1000, a.id).toBeGreaterThanOrEqual(
        build.system.ratedPowerW,
      );
    }
  });

  it('a MIG profile the new accelerator lacks is removed, one it has is kept', () => {
    const mig = withDocValue(servingDoc(), ['workload', 'partition'], {
      kind: 'mig',
      profile: '3g.40gb',
    });
    const a100 = followFieldEdit(mig, ACC, 'a100-sxm-80gb');
    expect(docValue(a100.doc, ['workload', 'partition', 'profile'])).toBe('3g.40gb');
    const mi = followFieldEdit(mig, ACC, 'mi300x');
    expect(docValue(mi.doc, ['workload', 'partition'])).toEqual({ kind: 'none' });
    expect(mi.notes.map((n) => n.text).join(' ')).toMatch(/MIG profile 3g\.40gb/);
  });
});

describe('the preset id follows the model shape', () => {
  it('is cleared when the shape changes and comes back when it is the preset’s again', () => {
    const changed = followFieldEdit(ibDoc(), ['workload', 'model', 'layers'], 81);
    expect(docValue(changed.doc, ['workload', 'model', 'preset'])).toBeUndefined();
    expect(changed.notes[0]!.text).toMatch(/Llama 3 70B/);
    const back = followFieldEdit(changed.doc, ['workload', 'model', 'layers'], 80);
    expect(docValue(back.doc, ['workload', 'model', 'preset'])).toBe('llama3-70b');
  });

  it('becomes the preset whose shape the model now has', () => {
    let doc = ibDoc();
    const to8b: [string, number][] = [
      ['layers', 32],
      ['hiddenSize', 4096],
      ['attentionHeads', 32],
      ['ffnHiddenSize', 14336],
    ];
    for (const [k, v] of to8b) doc = followFieldEdit(doc, ['workload', 'model', k], v).doc;
    expect(docValue(doc, ['workload', 'model', 'preset'])).toBe('llama3-8b');
  });

  it('a shape the stated layout no longer fits hands the layout to the search (PP 4 over 2 layers was refused)', () => {
    const { doc, notes } = followFieldEdit(ibDoc(), ['workload', 'model', 'layers'], 2);
    expect(docValue(doc, ['workload', 'parallelism'])).toBe('auto');
    expect(notes.map((n) => n.text)).toContain(
      'The model no longer takes the stated layout (PP 4 is more stages than its 2 layers), so the parallel layout is now chosen automatically (the fastest that fits).',
    );
    expect(issuesOf(doc)).toEqual([]);
    // A shape the layout still fits keeps it.
    const kept = followFieldEdit(ibDoc(), ['workload', 'model', 'layers'], 40);
    expect(docValue(kept.doc, ['workload', 'parallelism', 'pp'])).toBe(4);
  });

  it('serving: the stated sizes follow edits of the shape (70.55 B kept for half the layers before)', () => {
    const MODEL = ['workload', 'model'];
    const half = followFieldEdit(servingDoc(), [...MODEL, 'layers'], 40);
    expect(docValue(half.doc, [...MODEL, 'paramsB'])).toBe(36.3);
    expect(half.notes.map((n) => n.text)).toContain(
      'Parameters 70.55 → 36.3 billion, following the model shape (the serving engine streams the stated weights).',
    );
    // A ninth of the layers was refused (70.55 B against a shape of 8 B).
    const few = followFieldEdit(servingDoc(), [...MODEL, 'layers'], 7);
    expect(issuesOf(few.doc)).toEqual([]);
    // Back to the preset's shape: the preset's own size.
    const back = followFieldEdit(half.doc, [...MODEL, 'layers'], 80);
    expect(docValue(back.doc, [...MODEL, 'preset'])).toBe('llama3-70b');
    expect(docValue(back.doc, [...MODEL, 'paramsB'])).toBe(70);
    // The example states its own size beside the preset's shape: an edit that leaves the
    // shape the preset's keeps it.
    const same = followFieldEdit(servingDoc(), [...MODEL, 'layers'], 80);
    expect(docValue(same.doc, [...MODEL, 'paramsB'])).toBe(70.55);
    expect(same.notes).toEqual([]);
    // A size typed by the user stays as typed.
    const typed = followFieldEdit(servingDoc(), [...MODEL, 'paramsB'], 71);
    expect(docValue(typed.doc, [...MODEL, 'paramsB'])).toBe(71);
    expect(typed.notes).toEqual([]);
    // MoE: the active size follows the experts per token.
    const preset = getModelPreset('qwen3-30b-a3b');
    if (!preset) throw new Error('preset missing');
    const moe = withDocValue(servingDoc(), MODEL, servingModelFromPreset(preset));
    const top4 = followFieldEdit(moe, [...MODEL, 'moe', 'topK'], 4);
    const active = docValue(top4.doc, [...MODEL, 'moe', 'activeParamsB']) as number;
    expect(active).toBeLessThan(3.3);
    expect(active).toBeGreaterThan(1.5);
    expect(issuesOf(top4.doc)).toEqual([]);
  });

  it('serving: a stated parameter count is not the shape; the layer count is', () => {
    const model = docValue(servingDoc(), ['workload', 'model']);
    expect(presetIdForModel('serving', model)).toBe('llama3-70b');
    const edited = followFieldEdit(servingDoc(), ['workload', 'model', 'kvHeads'], 16);
    expect(docValue(edited.doc, ['workload', 'model', 'preset'])).toBeUndefined();
  });
});
