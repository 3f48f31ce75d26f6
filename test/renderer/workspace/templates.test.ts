import { describe, expect, it } from 'vitest';
import { builtinCatalog, listItems, platformSystem } from '../../../model/catalog';
import { ACCELERATORS } from '../../../model/catalog/accelerators';
import { evaluateDraft } from '../../../renderer/workspace/evaluations';
import { SCENARIO_TEMPLATES, getTemplate } from '../../../renderer/workspace/templates';

/** Issue 22 point 3: templates with sources, dense, MoE, vision, serving and every platform. */
describe('scenario templates', () => {
  const evaluated = SCENARIO_TEMPLATES.map((t) => ({
    t,
    e: evaluateDraft({ id: t.id, doc: t.doc as Record<string, unknown> }),
  }));

  it('each is valid, evaluates, and says where its numbers come from', () => {
    for (const { t, e } of evaluated) {
      expect(e.issues, t.id).toEqual([]);
      expect(e.error, t.id).toBeNull();
      expect(e.result, t.id).not.toBeNull();
      expect(t.source ?? '', t.id).toMatch(/\w{4,}/);
      expect(t.group, t.id).toBeDefined();
    }
    expect(new Set(SCENARIO_TEMPLATES.map((t) => t.id)).size).toBe(SCENARIO_TEMPLATES.length);
  });

  it('has vision and serving templates (dense and MoE models)', () => {
    const vit = evaluated.find((x) => x.t.group === 'vision');
    expect(vit?.e.scenario?.workload.kind).toBe('training');
    const serving = evaluated.filter((x) => x.t.group === 'serving');
    expect(serving.map((x) => x.t.id)).toEqual(
      expect.arrayContaining(['serving-70b', 'serving-8b', 'serving-405b', 'serving-deepseek-r1']),
    );
    for (const { t, e } of serving) {
      expect(e.scenario?.workload.kind, t.id).toBe('serving');
      // The SLO is met at some request rate: a usable serving build.
      expect(e.result?.metrics['requests_per_s']?.value ?? 0, t.id).toBeGreaterThan(0);
    }
    const r1 = evaluated.find((x) => x.t.id === 'serving-deepseek-r1')?.e.scenario;
    expect(r1?.workload.kind === 'serving' && r1.workload.model.moe !== null).toBe(true);
  });

  it('has the platform of every catalog accelerator, rack-scale NVL72 included', () => {
    const systems = listItems(builtinCatalog(), 'system');
    for (const a of ACCELERATORS) {
      const sys = platformSystem(systems, a.id, false);
      if (!sys) continue;
      const t = getTemplate(`platform-${a.id}`);
      const s = evaluated.find((x) => x.t.id === t.id)?.e.scenario;
      expect(s?.cluster.compute.acceleratorId).toBe(a.id);
      expect(s?.cluster.compute.gpusPerNode, a.id).toBe(sys.gpusPerNode);
      expect((s?.cluster.compute.gpus ?? 0) % sys.gpusPerNode, a.id).toBe(0);
      expect(t.label).toContain(sys.name);
    }
    for (const id of ['gb200', 'gb300']) {
      const s = evaluated.find((x) => x.t.id === `platform-${id}`)?.e.scenario;
      expect(s?.cluster.compute.gpusPerNode).toBe(72);
      expect(s?.cluster.compute.gpus).toBe(1080); // 15 racks
      expect(s?.facility.coolingType).toBe('direct-liquid');
    }
  });
});
