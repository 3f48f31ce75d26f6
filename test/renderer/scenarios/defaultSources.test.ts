import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCES, describeDefault, scenarioSchema } from '../../../model/scenario';
import {
  describeSchema,
  type FieldNode,
  type SchemaNode,
} from '../../../renderer/features/scenarios/schemaFields';

/** Every field of the scenario schema the editor shows (all variant branches). */
function fields(node: SchemaNode | null, out: FieldNode[] = []): FieldNode[] {
  if (!node) return out;
  if (node.kind === 'field') out.push(node);
  else if (node.kind === 'object') for (const c of node.children) fields(c, out);
  else for (const b of node.branches) fields(b.node, out);
  return out;
}

const all = fields(describeSchema(scenarioSchema, []));

describe('scenario defaults carry their source', () => {
  it('walks a schema with defaults (fixture check)', () => {
    expect(all.filter((f) => f.hasDefault).length).toBeGreaterThan(60);
  });

  it('every defaulted number, choice or switch explains its default (source and date, or auto/none)', () => {
    const missing = all
      .filter((f) => f.hasDefault && f.value.type !== 'string')
      .filter((f) => describeDefault(f.path.join('.'), f.defaultValue) === null)
      .map((f) => f.path.join('.'));
    expect(missing).toEqual([]);
  });

  it('no entry names a field the schema does not have', () => {
    const paths = new Set(all.map((f) => f.path.join('.')));
    expect(Object.keys(DEFAULT_SOURCES).filter((p) => !paths.has(p))).toEqual([]);
  });

  it('describes auto, none and a sourced figure', () => {
    expect(describeDefault('workload.parallelism.tp', 'auto')).toMatch(/engine chooses/);
    // An auto that follows the accelerator's era names the rule and its sources.
    expect(describeDefault('workload.training.zero3Gathers', 'auto')).toMatch(
      /^Default auto: the stack era .*flat on A100.*hierarchical .* Hopper/,
    );
    expect(describeDefault('cluster.storage.dataTier.readGBps', null)).toMatch(/catalog/);
    expect(describeDefault('cluster.storage.loader.prefetchDepthBatches', 2)).toMatch(
      /PyTorch DataLoader.*\(2024\); read in the source/,
    );
    expect(describeDefault('not.a.field', 3)).toBeNull();
  });
});
