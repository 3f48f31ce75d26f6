import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrateScenario, SCENARIO_SCHEMA_VERSION, scenarioSchema } from '../../../model/scenario';
import {
  fieldText,
  humanize,
  unitFromMessage,
} from '../../../renderer/features/scenarios/fieldText';
import {
  describeSchema,
  fieldsOf,
  getIn,
  schemaAt,
  skeletonOf,
  type FieldNode,
  type ObjectNode,
  type SchemaNode,
} from '../../../renderer/features/scenarios/schemaFields';
import { shortcutFor, focusInfoOf } from '../../../renderer/features/help/shortcuts';
import { SECTIONS } from '../../../renderer/features/scenarios/issueText';

const root = describeSchema(scenarioSchema, []) as ObjectNode;
const fields = fieldsOf(root);
const byPath = (p: string): FieldNode => {
  const f = fields.find((x) => x.path.join('.') === p);
  if (!f) throw new Error(`no field ${p}`);
  return f;
};

function find(node: SchemaNode, path: string): SchemaNode | undefined {
  if (node.path.join('.') === path) return node;
  const kids =
    node.kind === 'object'
      ? node.children
      : node.kind === 'variant'
        ? node.branches.map((b) => b.node)
        : [];
  for (const k of kids) {
    const hit = find(k, path);
    if (hit) return hit;
  }
  return undefined;
}

describe('field metadata derived from the scenario schema', () => {
  it('reads ranges, integer-ness and auto from the zod schema', () => {
    const gpus = byPath('cluster.compute.gpus');
    expect(gpus.value).toEqual({ type: 'number', int: true, min: 1, max: 1_000_000 });
    expect(gpus.unit).toBe('GPUs');
    expect(gpus.auto).toBe(false);
    const nv = byPath('cluster.compute.nvlinkDomainGpus');
    expect(nv.auto).toBe(true);
    expect(nv.hasDefault && nv.defaultValue).toBe('auto');
    expect(byPath('finance.discountRate').value).toEqual({
      type: 'number',
      int: false,
      min: 0,
      max: 0.5,
    });
  });

  it('lists enum values, literal unions and nullability', () => {
    expect(byPath('cluster.network.scaleOut.fabric').value).toEqual({
      type: 'enum',
      options: ['infiniband', 'roce', 'ethernet'],
    });
    const zero = byPath('workload.parallelism.zeroStage');
    expect(zero.value).toEqual({ type: 'enum', options: [0, 1, 2, 3] });
    expect(zero.auto).toBe(true);
    expect(byPath('workload.training.tokensToTrain').nullable).toBe(true);
    expect(byPath('facility.pue').optional).toBe(true);
  });

  it('shows a unit on every number field', () => {
    const missing = fields
      .filter((f) => f.value.type === 'number' && f.unit === '')
      .map((f) => f.path.join('.'));
    expect(missing).toEqual([]);
  });

  it('covers the sections the editor groups (workload, compute, network, storage, facility, finance)', () => {
    for (const prefix of [
      'workload.model.',
      'workload.training.',
      'workload.parallelism.',
      'workload.serving.',
      'cluster.compute.',
      'cluster.network.',
      'cluster.storage.',
      'reliability.',
      'facility.',
      'finance.',
    ]) {
      expect(
        fields.some((f) => f.path.join('.').startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('describes the workload as training/serving variants and parallelism as auto-or-layout', () => {
    const w = find(root, 'workload');
    expect(w?.kind).toBe('variant');
    if (w?.kind === 'variant') {
      expect(w.discriminator).toBe('kind');
      expect(w.branches.map((b) => b.value)).toEqual(['training', 'serving']);
    }
    const par = find(root, 'workload.parallelism');
    expect(par?.kind === 'object' && par.auto).toBe(true);
  });

  it('skeletons of optional blocks parse once placed in a valid scenario', async () => {
    const ib = (await import('../../../examples/pretrain-llama3-70b-1024xh100-ib.json')).default;
    const moe = find(root, 'workload.model.moe') as ObjectNode;
    // The example is a version-1 file: bring it to the current version first (as opening it does).
    const migrated = migrateScenario(ib);
    if (!migrated.ok) throw new Error(migrated.message);
    const doc = structuredClone(migrated.doc) as Record<string, unknown>;
    (getIn(doc, ['workload', 'model']) as Record<string, unknown>).moe = skeletonOf(moe);
    expect(skeletonOf(moe)).toEqual({ experts: 1, topK: 1 });
    expect(scenarioSchema.safeParse(doc).success).toBe(true);
    expect(doc['schemaVersion']).toBe(SCENARIO_SCHEMA_VERSION);
  });
});

describe('labels and units', () => {
  it('takes the unit from the field name suffix', () => {
    expect(fieldText(['facility', 'rackLimitKw'])).toEqual({ label: 'Rack limit', unit: 'kW' });
    expect(fieldText(['x', 'driveReadGBps'])).toEqual({ label: 'Drive read', unit: 'GB/s' });
    expect(fieldText(['x', 'staffUsdPerFteYear']).unit).toBe('USD/FTE-year');
    expect(fieldText(['x', 'fixedOverheadS']).unit).toBe('s');
  });

  it('otherwise from the range message of the schema', () => {
    expect(unitFromMessage('must be an integer from 1 to 1e6 GPUs')).toBe('GPUs');
    expect(unitFromMessage('must be a number from 0 to 1')).toBe('');
    expect(fieldText(['a', 'somethingNew'], 'must be a number from 1 to 9 widgets')).toEqual({
      label: 'Something new',
      unit: 'widgets',
    });
  });

  it('humanizes camelCase keys into words', () => {
    expect(humanize('perClientRead')).toBe('Per client read');
    expect(humanize('cpuPricePerCore')).toBe('CPU price per core');
  });
});

describe('global shortcuts', () => {
  const key = (
    k: string,
    mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>> = {},
  ) => ({
    key: k,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    altKey: mods.alt ?? false,
  });
  const none = { editable: false, dirty: false };

  it('maps Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y, F1 and ?', () => {
    expect(shortcutFor(key('z', { ctrl: true }), none)).toBe('undo');
    expect(shortcutFor(key('z', { meta: true }), none)).toBe('undo');
    expect(shortcutFor(key('Z', { ctrl: true, shift: true }), none)).toBe('redo');
    expect(shortcutFor(key('y', { ctrl: true }), none)).toBe('redo');
    expect(shortcutFor(key('F1'), none)).toBe('help');
    expect(shortcutFor(key('?', { shift: true }), none)).toBe('help');
    expect(shortcutFor(key('z'), none)).toBeNull();
  });

  it('leaves undo to a text field with uncommitted typing, and ? to any text field', () => {
    const typing = { editable: true, dirty: true };
    const committed = { editable: true, dirty: false };
    expect(shortcutFor(key('z', { ctrl: true }), typing)).toBeNull();
    expect(shortcutFor(key('z', { ctrl: true }), committed)).toBe('undo');
    expect(shortcutFor(key('?'), committed)).toBeNull();
  });

  it('never acts on a key without a modifier other than F1 and ?', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 3 }), fc.boolean(), (k, editable) => {
        const a = shortcutFor(key(k), { editable, dirty: false });
        return k === 'F1' || k === '?' ? true : a === null;
      }),
    );
  });

  it('reads focus from an element', () => {
    expect(focusInfoOf(null)).toEqual({ editable: false, dirty: false });
  });
});

describe('schemaAt (one editor section described on its own)', () => {
  it('describes each section exactly as the whole scenario describes it', () => {
    for (const section of SECTIONS) {
      const sub = schemaAt(scenarioSchema, section.path);
      expect(sub, section.id).not.toBeNull();
      const alone = describeSchema(sub as NonNullable<typeof sub>, section.path);
      expect(alone, section.id).toEqual(find(root, section.path.join('.')));
    }
  });

  it('is null past a field or a key the form skips', () => {
    expect(schemaAt(scenarioSchema, ['cluster', 'compute', 'gpus', 'x'])).toBeNull();
    expect(schemaAt(scenarioSchema, ['userCatalog'])).toBeNull();
    expect(schemaAt(scenarioSchema, ['nope'])).toBeNull();
  });
});
