import { describe, expect, it } from 'vitest';
import {
  getModelPreset,
  modelPresets,
  parseScenario,
  servingModelFromPreset,
} from '../../../model/scenario';
import { evaluate } from '../../../model/evaluate';
import { paramCounts } from '../../../model/workload';
import ib from '../../../examples/pretrain-llama3-70b-1024xh100-ib.json';
import serving from '../../../examples/serving-llama3-70b-8xh100-fp8.json';

/** A training scenario from a preset, as the editor builds it (presetScenarioDoc). */
function trainingDoc(id: string): unknown {
  const p = getModelPreset(id);
  if (!p) throw new Error(id);
  const doc = structuredClone(ib) as unknown as Record<string, unknown>;
  const w = doc['workload'] as Record<string, unknown>;
  return {
    ...doc,
    workload: {
      ...w,
      model: p.shape,
      training: {
        ...(w['training'] as object),
        globalBatchSeqs: p.globalBatchSeqs,
        microBatchSeqs: p.layout ? 1 : 'auto',
        ...(p.layout ? { recompute: 'auto' } : {}),
      },
      parallelism: p.layout ?? 'auto',
    },
  };
}

describe('MoE model presets (issue 20)', () => {
  const moe = [
    'deepseek-v3',
    'deepseek-r1',
    'qwen3-235b-a22b',
    'qwen3-30b-a3b',
    'gpt-oss-120b',
    'kimi-k2',
  ];

  it('each carries its source, date and a shape whose count matches its stated size', () => {
    for (const id of moe) {
      const p = getModelPreset(id);
      expect(p, id).toBeDefined();
      if (!p) continue;
      expect(p.source.length).toBeGreaterThan(40);
      expect(p.date).toMatch(/^20\d\d-\d\d$/);
      const r = parseScenario(trainingDoc(id));
      expect(r.ok, id).toBe(true);
      if (!r.ok || r.scenario.workload.kind !== 'training') continue;
      const m = r.scenario.workload.model;
      const counted = paramCounts({
        layers: m.layers,
        hidden: m.hiddenSize,
        heads: m.attentionHeads,
        kvHeads: m.kvHeads,
        ffnHidden: m.ffnHiddenSize,
        ffnType: m.ffnType,
        vocab: m.vocabSize,
        tiedEmbeddings: m.tiedEmbeddings,
        headDim: m.headDim,
        mla: m.attention,
        moe: m.moe
          ? {
              experts: m.moe.experts,
              topK: m.moe.topK,
              sharedExperts: m.moe.sharedExperts,
              denseFfnHidden: m.moe.denseFfnHiddenSize,
              firstDenseLayers: m.moe.firstDenseLayers,
              layerFreq: m.moe.layerFreq,
            }
          : null,
      });
      // Within 3 % of the stated total and active counts.
      expect(counted.total / 1e9 / p.paramsBillion, id).toBeGreaterThan(0.97);
      expect(counted.total / 1e9 / p.paramsBillion, id).toBeLessThan(1.03);
      expect(counted.active / 1e9 / (p.activeParamsBillion ?? 0), id).toBeGreaterThan(0.9);
      expect(counted.active / 1e9 / (p.activeParamsBillion ?? 0), id).toBeLessThan(1.15);
    }
  });

  it('a DeepSeek-V3 scenario resolves an expert-parallel layout and pays its all-to-all', () => {
    const r = parseScenario(trainingDoc('deepseek-v3'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const e = evaluate(r.scenario);
    expect(e.training?.layout.ep).toBe(64);
    expect(e.training?.breakdown.epCommS).toBeGreaterThan(0);
    expect(e.training?.memory.fits).toBe(true);
    const parts = e.breakdown['step'] ?? Object.values(e.breakdown)[0] ?? [];
    expect(JSON.stringify(parts)).toMatch(/expert|all-to-all/i);
  });

  it('every preset also fills a serving model that parses and serves', () => {
    for (const p of modelPresets) {
      const doc = structuredClone(serving) as unknown as Record<string, unknown>;
      const w = doc['workload'] as Record<string, unknown>;
      const r = parseScenario({
        ...doc,
        workload: {
          ...w,
          model: servingModelFromPreset(p),
          parallelism: { tp: 8, pp: 1, ep: 1, replicas: 'auto' },
        },
      });
      expect(r.ok, p.id).toBe(true);
    }
  });
});
