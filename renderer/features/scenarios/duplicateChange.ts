import { fieldsOf, getIn, scenarioFormRoot, type FieldNode } from './schemaFields';

/**
 * Duplicate-with-change: the what-if changes an architect makes to a copy of a build in one step
 * (the GPU count, the accelerator, the fabric, ...), as the editor's own field descriptions
 * (label, unit, range, choices from the scenario schema). Pure; the dialog renders them.
 */

/** The fields offered, in menu order; those the scenario's workload lacks are left out. */
export const CHANGE_PATHS: readonly string[] = [
  'cluster.compute.gpus',
  'cluster.compute.acceleratorId',
  'cluster.network.scaleOut.fabric',
  'cluster.network.scaleOut.gbpsPerGpu',
  'workload.training.precision',
  'workload.serving.precision',
  'facility.coolingType',
  'facility.priceUsdPerKwh',
];

let fields: ReadonlyMap<string, FieldNode> | null = null;
function fieldMap(): ReadonlyMap<string, FieldNode> {
  fields ??= new Map(fieldsOf(scenarioFormRoot()).map((f) => [f.path.join('.'), f]));
  return fields;
}

/** The fields a copy of `doc` may change: those of CHANGE_PATHS its workload has. */
export function changeFields(doc: Readonly<Record<string, unknown>>): FieldNode[] {
  const kind = getIn(doc, ['workload', 'kind']);
  return CHANGE_PATHS.flatMap((p) => {
    if (p.startsWith('workload.training.') && kind === 'serving') return [];
    if (p.startsWith('workload.serving.') && kind !== 'serving') return [];
    const f = fieldMap().get(p);
    return f ? [f] : [];
  });
}

/** The value a field shows for `doc`: what it states, else the schema's default. */
export function currentValue(doc: Readonly<Record<string, unknown>>, field: FieldNode): unknown {
  const v = getIn(doc, field.path);
  return v === undefined ? field.defaultValue : v;
}

/** The copy's name: the source's, then the change in words (`Build · GPUs 2,048`). */
export function changedCopyName(sourceName: string, label: string, valueText: string): string {
  return `${sourceName || 'Scenario'} · ${label} ${valueText}`;
}

/** A field's unit where it adds to the label (`Scale-out per GPU (Gb/s)`, not `GPUs (GPUs)`). */
export function unitShown(label: string, unit: string): string {
  return unit === '' || unit === label ? '' : unit;
}

/** "New …" label of the value control: `New GPUs`, `New accelerator`. */
export function newValueLabel(label: string): string {
  const keepCase = label.length > 1 && label[1] === label[1]!.toUpperCase();
  return `New ${keepCase ? label : label.charAt(0).toLowerCase() + label.slice(1)}`;
}
