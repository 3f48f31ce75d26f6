import { builtinCatalog, findItem, listItems, platformSystem } from '../catalog';
import type { Catalog, CatalogSystem } from '../catalog';
import { MIG_PROFILES } from '../catalog/mig';
import { paramCounts } from '../workload/shape';
import { PARAMS_SHAPE_TOLERANCE } from './consistency';
import { modelShapeOf } from './modelShape';
import { modelPresets, servingModelFromPreset } from './presets';
import { servingModelSchema } from './serving';
import { checkUserCatalog } from './userCatalog';
import { scenarioUserCatalogSchema } from './userCatalog';
import { modelShapeSchema } from './workload';

/**
 * Edits that keep a build valid: what else changes when an architect changes one field of a
 * scenario document (the editable JSON a file holds, possibly with values still out of range).
 * Pure functions, document in, document out, with a note in the user's words for every field
 * they change besides the one edited, so the editor applies the lot as one undoable step and
 * says what moved:
 *
 * - the GPU count: a stated training layout keeps TP, PP and CP and rescales DP (else CP) to the
 *   new count, or switches to the automatic layout when no whole degree fits; a serving layout's
 *   model copies follow the GPUs (a copy wider than the GPUs goes automatic, its EP halved to
 *   fit); a cluster smaller than one node is one partial node, and one that grows from a partial
 *   node gets the platform's node back;
 * - the accelerator: its platform's shape (the catalog system the `systemId: "auto"` rule picks,
 *   model/catalog/platform.ts): GPUs per node, NVLink domain, cooling and rack power, the
 *   system; a stated layout that no longer fits goes automatic; a MIG profile the new part lacks
 *   is removed;
 * - the model shape: the preset id follows it (kept while the shape is the preset's, set when it
 *   becomes another preset's, cleared otherwise), and so do a serving model's stated sizes; a
 *   stated layout the new shape no longer takes goes automatic;
 * - after either: a stated EP (and ETP) that no longer splits the routed experts or folds over
 *   the GPUs of a pipeline stage comes down to the largest divisor of itself that does.
 *
 * What only the resolved build can tell (stated fat-tree tiers that no longer hold the cluster)
 * follows in model/build/edits.ts (`followBuildEdit`, the editor's entry point).
 */

type Doc = Readonly<Record<string, unknown>>;

/** One follow-on change, in the user's words, with the fields it set. */
export type EditNote = { readonly text: string; readonly paths: readonly string[] };

export type EditOutcome = { readonly doc: Doc; readonly notes: readonly EditNote[] };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value at a path of a document, or undefined. */
export function docValue(doc: unknown, path: readonly (string | number)[]): unknown {
  let cur: unknown = doc;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

/**
 * A copy of the document with one value set (objects on the way created, the rest shared);
 * `undefined` removes the key.
 */
export function withDocValue(doc: Doc, path: readonly (string | number)[], value: unknown): Doc {
  return setIn(doc, path, value) as Doc;
}

function setIn(target: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (head === '__proto__' || head === 'constructor' || head === 'prototype') {
    throw new Error(`refusing to set the field path ${path.join('.')}`);
  }
  const container: Record<string | number, unknown> = Array.isArray(target)
    ? ([...(target as unknown[])] as unknown as Record<number, unknown>)
    : isObject(target)
      ? { ...target }
      : typeof head === 'number'
        ? ([] as unknown as Record<number, unknown>)
        : {};
  const next = rest.length === 0 ? value : setIn(container[head], rest, value);
  if (next === undefined && !Array.isArray(container)) delete container[head];
  else container[head] = next;
  return container;
}

const fmt = (n: number) => n.toLocaleString('en-US');
/** A GPU count in words: "1 GPU", "1,024 GPUs". */
const gpusText = (n: number) => `${fmt(n)} GPU${n === 1 ? '' : 's'}`;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** A degree of a stated layout: a whole number, `auto`, or (absent) its schema default. */
function degree(v: unknown, absent: number | 'auto'): number | 'auto' | null {
  if (v === undefined) return absent;
  if (v === 'auto') return 'auto';
  return isCount(v) ? v : null;
}

function layoutWords(d: Record<'tp' | 'pp' | 'dp' | 'cp', number | 'auto'>): string {
  return `TP ${d.tp} × PP ${d.pp} × DP ${d.dp} × CP ${d.cp}`;
}

const LAYOUT_PATH = ['workload', 'parallelism'] as const;

/**
 * The training layout for a new GPU count. A layout with every degree stated keeps TP and PP
 * and rescales DP (when the global batch still splits evenly over the replicas and their micro
 * batches), else CP (when the sequence still splits evenly); a layout with some degrees `auto`
 * is kept while the stated ones divide the count. Otherwise the layout becomes `auto` (the
 * engine's search), and the note says which stated layout could not fill the GPUs.
 */
function rescaleTrainingLayout(doc: Doc, gpus: number): EditOutcome {
  const p = docValue(doc, LAYOUT_PATH);
  if (!isObject(p)) return { doc, notes: [] };
  const d = {
    tp: degree(p.tp, 'auto'),
    pp: degree(p.pp, 'auto'),
    dp: degree(p.dp, 'auto'),
    cp: degree(p.cp, 1),
  };
  if (d.tp === null || d.pp === null || d.dp === null || d.cp === null) return { doc, notes: [] };
  const degrees = d as Record<'tp' | 'pp' | 'dp' | 'cp', number | 'auto'>;
  const stated = Object.values(degrees).filter((x): x is number => x !== 'auto');
  const product = stated.reduce((a, b) => a * b, 1);
  const toAuto = (): EditOutcome => ({
    doc: withDocValue(doc, LAYOUT_PATH, 'auto'),
    notes: [
      {
        text: `The stated layout (${layoutWords(degrees)}) cannot use ${gpusText(gpus)} in whole degrees, so the parallel layout is now chosen automatically (the fastest that fits).`,
        paths: [LAYOUT_PATH.join('.')],
      },
    ],
  });
  if (stated.length < 4) return gpus % product === 0 ? { doc, notes: [] } : toAuto();
  if (product === gpus) return { doc, notes: [] };
  const { tp, pp, dp, cp } = d as Record<'tp' | 'pp' | 'dp' | 'cp', number>;
  const batch = docValue(doc, ['workload', 'training', 'globalBatchSeqs']);
  const micro = docValue(doc, ['workload', 'training', 'microBatchSeqs']);
  const mb = isCount(micro) ? micro : 1;
  const newDp = gpus / (tp * pp * cp);
  if (Number.isInteger(newDp) && (!isCount(batch) || batch % (newDp * mb) === 0)) {
    return {
      doc: withDocValue(doc, [...LAYOUT_PATH, 'dp'], newDp),
      notes: [
        {
          text: `Data parallel (DP) ${fmt(dp)} → ${fmt(newDp)}, so that TP ${tp} × PP ${pp} × DP ${fmt(newDp)} × CP ${cp} uses the ${gpusText(gpus)}.`,
          paths: ['workload.parallelism.dp'],
        },
      ],
    };
  }
  const newCp = gpus / (tp * pp * dp);
  const seq = docValue(doc, ['workload', 'model', 'seqLenTokens']);
  if (Number.isInteger(newCp) && newCp <= 1024 && (!isCount(seq) || seq % newCp === 0)) {
    return {
      doc: withDocValue(doc, [...LAYOUT_PATH, 'cp'], newCp),
      notes: [
        {
          text: `Context parallel (CP) ${cp} → ${newCp}, so that TP ${tp} × PP ${pp} × DP ${fmt(dp)} × CP ${newCp} uses the ${gpusText(gpus)} (DP could not change: the global batch must split evenly over the replicas).`,
          paths: ['workload.parallelism.cp'],
        },
      ],
    };
  }
  return toAuto();
}

/** Serving: stated model copies follow the GPUs (all of them when they used all before). */
function rescaleServingLayout(doc: Doc, oldGpus: unknown, gpus: number): EditOutcome {
  const p = docValue(doc, LAYOUT_PATH);
  if (!isObject(p)) return { doc, notes: [] };
  const tp = degree(p.tp, 'auto');
  const pp = degree(p.pp, 'auto');
  if (tp === null || pp === null) return { doc, notes: [] };
  const perCopy = (tp === 'auto' ? 1 : tp) * (pp === 'auto' ? 1 : pp);
  const partitioned = isObject(docValue(doc, ['workload', 'partition']))
    ? docValue(doc, ['workload', 'partition', 'kind']) !== 'none'
    : false;
  if (partitioned) return { doc, notes: [] };
  if (perCopy > gpus) {
    const auto = withDocValue(
      withDocValue(
        withDocValue(doc, [...LAYOUT_PATH, 'tp'], 'auto'),
        [...LAYOUT_PATH, 'pp'],
        'auto',
      ),
      [...LAYOUT_PATH, 'replicas'],
      'auto',
    );
    const notes: EditNote[] = [
      {
        text: `One model copy took ${gpusText(perCopy)} (TP ${String(tp)} × PP ${String(pp)}), more than the ${gpusText(gpus)} now in the cluster, so TP, PP and the model copies are now chosen automatically.`,
        paths: [
          'workload.parallelism.tp',
          'workload.parallelism.pp',
          'workload.parallelism.replicas',
        ],
      },
    ];
    // EP spreads a copy's experts over its TP group, so it must fit the GPUs left: halve it (a
    // divisor of a degree that divided the experts still does).
    const ep = p.ep;
    if (!isCount(ep) || ep <= gpus) return { doc: auto, notes };
    let next = ep;
    while (next > gpus) next = next % 2 === 0 ? next / 2 : 1;
    notes.push({
      text: `Expert parallel (EP) ${fmt(ep)} → ${fmt(next)}: a model copy spreads its experts over the GPUs of its tensor-parallel group, and the cluster now has ${gpusText(gpus)}.`,
      paths: ['workload.parallelism.ep'],
    });
    return { doc: withDocValue(auto, [...LAYOUT_PATH, 'ep'], next), notes };
  }
  const replicas = p.replicas;
  if (!isCount(replicas)) return { doc, notes: [] };
  const filled = isCount(oldGpus) && replicas * perCopy === oldGpus;
  const next = Math.floor(gpus / perCopy);
  if ((filled && next !== replicas) || replicas * perCopy > gpus) {
    return {
      doc: withDocValue(doc, [...LAYOUT_PATH, 'replicas'], next),
      notes: [
        {
          text: `Model copies ${fmt(replicas)} → ${fmt(next)} (${gpusText(perCopy)} each) to fit the ${gpusText(gpus)}.`,
          paths: ['workload.parallelism.replicas'],
        },
      ],
    };
  }
  return { doc, notes: [] };
}

/**
 * Expert degrees that still fit after an edit of the GPUs or the model: a stated EP (and ETP)
 * must split the routed experts evenly, and fold over the GPUs of a pipeline stage (training:
 * EP × ETP divides TP × CP × DP, Megatron-Core parallel folding; serving: EP divides TP, the
 * copy's group). A degree that no longer does is lowered to the largest divisor of itself that
 * does (EP first, then ETP), with a note; the rules are the scenario format's own
 * (consistency.ts), so the document then parses.
 */
function fitExpertDegrees(doc: Doc): EditOutcome {
  const experts = docValue(doc, ['workload', 'model', 'moe', 'experts']);
  const p = docValue(doc, LAYOUT_PATH);
  if (!isCount(experts) || !isObject(p) || !isCount(p.ep)) return { doc, notes: [] };
  const kind = docValue(doc, ['workload', 'kind']);
  const etp0 = kind === 'training' && isCount(p.etp) ? p.etp : 1;
  let ep = p.ep;
  let etp = etp0;
  const why: string[] = [];
  if (experts % ep !== 0) {
    ep = gcd(ep, experts);
    why.push(`splits the ${fmt(experts)} routed experts evenly`);
  }
  const fold =
    kind === 'training'
      ? isCount(p.tp) && isCount(p.dp) && isCount(p.cp ?? 1)
        ? p.tp * p.dp * ((p.cp ?? 1) as number)
        : null
      : isCount(p.tp)
        ? p.tp
        : null;
  if (fold !== null && fold % (ep * etp) !== 0) {
    while (fold % (ep * etp) !== 0 && ep > 1) ep = ep % 2 === 0 ? ep / 2 : 1;
    while (fold % (ep * etp) !== 0 && etp > 1) etp = etp % 2 === 0 ? etp / 2 : 1;
    why.push(
      kind === 'training'
        ? `${etp0 > 1 ? 'EP × ETP folds' : 'folds'} over the ${fmt(fold)} GPUs of a pipeline stage (TP × CP × DP)`
        : `divides the model copy's tensor-parallel group (TP ${fmt(fold)})`,
    );
  }
  if (ep === p.ep && etp === etp0) return { doc, notes: [] };
  let next = withDocValue(doc, [...LAYOUT_PATH, 'ep'], ep);
  const paths = ['workload.parallelism.ep'];
  let change = `Expert parallel (EP) ${fmt(p.ep)} → ${fmt(ep)}`;
  if (etp !== etp0) {
    next = withDocValue(next, [...LAYOUT_PATH, 'etp'], etp);
    paths.push('workload.parallelism.etp');
    change += ` and expert tensor parallel (ETP) ${fmt(etp0)} → ${fmt(etp)}`;
  }
  return { doc: next, notes: [{ text: `${change}, so that it ${why.join(' and ')}.`, paths }] };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The layout after the GPU count changed to `gpus` (see the module comment); the document's
 * `cluster.compute.gpus` is expected to hold the new count already.
 * @param oldGpus - the count before the edit (serving: copies that filled it keep filling)
 */
export function rescaleLayoutForGpus(doc: Doc, gpus: number, oldGpus?: unknown): EditOutcome {
  if (!isCount(gpus)) return { doc, notes: [] };
  const node = nodeShapeForGpus(doc, gpus, oldGpus);
  const kind = docValue(node.doc, ['workload', 'kind']);
  const layout =
    kind === 'training'
      ? rescaleTrainingLayout(node.doc, gpus)
      : kind === 'serving'
        ? rescaleServingLayout(node.doc, oldGpus, gpus)
        : { doc: node.doc, notes: [] };
  const experts = fitExpertDegrees(layout.doc);
  return { doc: experts.doc, notes: [...node.notes, ...layout.notes, ...experts.notes] };
}

/**
 * The node's shape after a GPU count edit: a cluster smaller than one node is one partial node
 * (GPUs per node and a stated NVLink domain come down to the count, as the accelerator edit's
 * platform rule sets them), and a cluster that was one partial node and grows gets the
 * platform's node back (the catalog system `systemId: "auto"` picks, at most the count).
 */
function nodeShapeForGpus(doc: Doc, gpus: number, oldGpus: unknown): EditOutcome {
  const compute = ['cluster', 'compute'];
  const perNode = docValue(doc, [...compute, 'gpusPerNode']);
  if (!isCount(perNode)) return { doc, notes: [] };
  let target = perNode;
  let why = '';
  if (perNode > gpus) {
    target = gpus;
    why = ' (the cluster is smaller than one node)';
  } else if (isCount(oldGpus) && perNode === oldGpus && gpus > perNode) {
    const catalog = catalogOfDoc(doc);
    const acc = docValue(doc, [...compute, 'acceleratorId']);
    const sys =
      typeof acc === 'string'
        ? platformSystem(
            listItems(catalog, 'system'),
            acc,
            coolingOf(doc, catalog) === 'direct-liquid',
          )
        : null;
    if (sys !== null && sys.gpusPerNode > perNode) {
      target = Math.min(sys.gpusPerNode, gpus);
      why = ` (${sys.name}'s node)`;
    }
  }
  if (target === perNode) return { doc, notes: [] };
  let out = withDocValue(doc, [...compute, 'gpusPerNode'], target);
  const notes: EditNote[] = [
    {
      text: `GPUs per node ${fmt(perNode)} → ${fmt(target)}${why}.`,
      paths: ['cluster.compute.gpusPerNode'],
    },
  ];
  const domain = docValue(out, [...compute, 'nvlinkDomainGpus']);
  if (typeof domain === 'number' && domain > target) {
    out = withDocValue(out, [...compute, 'nvlinkDomainGpus'], 'auto');
    notes.push({
      text: `NVLink domain ${fmt(domain)} → automatic (${gpusText(target)}, one node).`,
      paths: ['cluster.compute.nvlinkDomainGpus'],
    });
  }
  return { doc: out, notes };
}

/** The catalog a document's own entries extend (the built-in one when they do not parse). */
export function catalogOfDoc(doc: Doc): Catalog {
  const raw = doc.userCatalog;
  if (raw === undefined) return builtinCatalog();
  const parsed = scenarioUserCatalogSchema.safeParse(raw);
  if (!parsed.success) return builtinCatalog();
  const merged = checkUserCatalog(parsed.data);
  return merged.ok ? merged.catalog : builtinCatalog();
}

type Cooling = 'air' | 'rear-door' | 'direct-liquid' | 'immersion';
/** Each cooling type in words (edit notes, design-search build names). */
export const COOLING_WORDS: Readonly<Record<Cooling, string>> = {
  air: 'air',
  'rear-door': 'rear-door heat exchangers',
  'direct-liquid': 'direct liquid cooling',
  immersion: 'immersion',
};

function coolingOf(doc: Doc, catalog: Catalog): Cooling {
  const stated = docValue(doc, ['facility', 'coolingType']);
  if (typeof stated === 'string' && stated in COOLING_WORDS) return stated as Cooling;
  const preset = docValue(doc, ['facility', 'presetId']);
  if (typeof preset === 'string') {
    const item = findItem(catalog, 'facilityPreset', preset);
    if (item) return item.coolingType;
  }
  return 'air';
}

/** The rack power limit in force, kW: stated, else the facility preset's, else the cooling's. */
function rackLimitOf(doc: Doc, catalog: Catalog, cooling: Cooling): number {
  const stated = docValue(doc, ['facility', 'rackLimitKw']);
  if (typeof stated === 'number') return stated;
  const preset = docValue(doc, ['facility', 'presetId']);
  if (typeof preset === 'string') {
    const item = findItem(catalog, 'facilityPreset', preset);
    if (item) return item.rackLimitKw.value;
  }
  return findItem(catalog, 'cooling', cooling)?.rackLimitKw.value ?? 0;
}

/**
 * The accelerator changed: the document with `cluster.compute.acceleratorId` set and its
 * platform's shape (see the module comment). Unknown accelerators, or ones without a catalog
 * system, change only the id (with a note).
 */
export function applyAcceleratorPlatform(
  doc: Doc,
  acceleratorId: string,
  catalog: Catalog = catalogOfDoc(doc),
): EditOutcome {
  let out = withDocValue(doc, ['cluster', 'compute', 'acceleratorId'], acceleratorId);
  const notes: EditNote[] = [];
  // The scenario's own accelerators (user entries) by their names too.
  const accName = findItem(catalog, 'accelerator', acceleratorId)?.name ?? acceleratorId;
  const cooling = coolingOf(doc, catalog);
  const sys: CatalogSystem | null = platformSystem(
    listItems(catalog, 'system'),
    acceleratorId,
    cooling === 'direct-liquid',
  );
  if (sys === null) {
    return {
      doc: out,
      notes: [
        {
          text: `The catalog has no server or rack system for ${accName}: GPUs per node, NVLink domain and facility are kept as they were.`,
          paths: [],
        },
      ],
    };
  }
  const compute = ['cluster', 'compute'];
  const gpus = docValue(out, [...compute, 'gpus']);
  // System: the one "auto" picks after the change, so a stated other system gives way to auto.
  const statedSystem = docValue(out, [...compute, 'systemId']);
  if (typeof statedSystem === 'string' && statedSystem !== 'auto' && statedSystem !== sys.id) {
    out = withDocValue(out, [...compute, 'systemId'], 'auto');
  }
  notes.push({ text: `Platform: ${sys.name}.`, paths: ['cluster.compute.systemId'] });
  const perNode = isCount(gpus) ? Math.min(sys.gpusPerNode, gpus) : sys.gpusPerNode;
  const oldPerNode = docValue(out, [...compute, 'gpusPerNode']);
  if (oldPerNode !== perNode) {
    out = withDocValue(out, [...compute, 'gpusPerNode'], perNode);
    notes.push({
      text: `GPUs per node ${typeof oldPerNode === 'number' ? fmt(oldPerNode) : '(unset)'} → ${fmt(perNode)}${sys.form === 'rack' ? ' (one rack-scale system)' : ''}.`,
      paths: ['cluster.compute.gpusPerNode'],
    });
  }
  const domain = docValue(out, [...compute, 'nvlinkDomainGpus']);
  const autoDomain = isCount(gpus) ? Math.min(perNode, gpus) : perNode;
  if (typeof domain === 'number' && domain !== autoDomain) {
    out = withDocValue(out, [...compute, 'nvlinkDomainGpus'], 'auto');
    notes.push({
      text: `NVLink domain ${fmt(domain)} → automatic (${gpusText(autoDomain)}, one node).`,
      paths: ['cluster.compute.nvlinkDomainGpus'],
    });
  }
  // Cooling: a liquid-cooled platform needs direct liquid cooling.
  let coolingNow = cooling;
  if (sys.cooling === 'liquid' && cooling !== 'direct-liquid') {
    coolingNow = 'direct-liquid';
    out = withDocValue(out, ['facility', 'coolingType'], 'direct-liquid');
    const paths = ['facility.coolingType'];
    const preset = docValue(out, ['facility', 'presetId']);
    if (typeof preset === 'string') {
      const item = findItem(catalog, 'facilityPreset', preset);
      if (item && item.coolingType !== 'direct-liquid') {
        const liquid = listItems(catalog, 'facilityPreset').find(
          (x) => x.coolingType === 'direct-liquid',
        );
        out = withDocValue(out, ['facility', 'presetId'], liquid?.id);
        paths.push('facility.presetId');
      }
    }
    notes.push({
      text: `Cooling ${COOLING_WORDS[cooling]} → ${COOLING_WORDS['direct-liquid']}: ${sys.name} is liquid-cooled.`,
      paths,
    });
  }
  // Rack power: at least one node per rack.
  const nodeKw = sys.ratedPowerW.value / 1000;
  const limit = rackLimitOf(out, catalog, coolingNow);
  if (limit < nodeKw) {
    const coolingLimit = findItem(catalog, 'cooling', coolingNow)?.rackLimitKw.value ?? 0;
    const next = coolingLimit >= nodeKw ? coolingLimit : Math.ceil(nodeKw);
    out = withDocValue(out, ['facility', 'rackLimitKw'], next);
    notes.push({
      text: `Rack power limit ${fmt(limit)} kW → ${fmt(next)} kW, so that one ${sys.form === 'rack' ? 'rack-scale system' : 'node'} (${fmt(Math.round(nodeKw * 10) / 10)} kW nameplate) fits a rack.`,
      paths: ['facility.rackLimitKw'],
    });
  }
  // A stated training layout whose TP no longer fits the NVLink domain goes automatic.
  const layout = docValue(out, LAYOUT_PATH);
  if (docValue(out, ['workload', 'kind']) === 'training' && isObject(layout)) {
    const tp = layout.tp;
    if (isCount(tp) && tp > autoDomain) {
      out = withDocValue(out, LAYOUT_PATH, 'auto');
      notes.push({
        text: `Tensor parallel ${tp} is wider than the new NVLink domain (${gpusText(autoDomain)}), so the parallel layout is now chosen automatically.`,
        paths: ['workload.parallelism'],
      });
    }
  }
  // Serving MIG: a profile the new accelerator does not have.
  const partition = docValue(out, ['workload', 'partition']);
  if (isObject(partition) && partition.kind === 'mig' && typeof partition.profile === 'string') {
    const profiles = MIG_PROFILES[acceleratorId]?.profiles ?? [];
    if (!profiles.some((x) => x.id === partition.profile)) {
      out = withDocValue(out, ['workload', 'partition'], { kind: 'none' });
      notes.push({
        text: `MIG profile ${partition.profile} does not exist on ${accName}, so the GPUs are no longer partitioned.`,
        paths: ['workload.partition'],
      });
    }
  }
  return { doc: out, notes };
}

/**
 * The preset id a model shape carries: the preset whose shape it is (its current one first),
 * else none. Training shapes compare with the preset's shape, serving ones with the preset's
 * serving model (the stated parameter counts aside), both as the schema reads them (defaults
 * filled).
 */
export function presetIdForModel(kind: unknown, model: unknown): string | undefined {
  if (!isObject(model)) return undefined;
  const schema = kind === 'serving' ? servingModelSchema : modelShapeSchema;
  const canon = (m: unknown): string | null => {
    if (!isObject(m)) return null;
    const { preset: _preset, ...rest } = m;
    const r = schema.safeParse(rest);
    if (!r.success) return null;
    // Serving: the stated parameter counts are sizes checked against the shape, not the shape.
    const { paramsB: _p, moe, ...shape } = r.data as Record<string, unknown>;
    const moeShape = isObject(moe) ? { ...moe, activeParamsB: undefined } : moe;
    return JSON.stringify({ ...shape, moe: moeShape });
  };
  const mine = canon(model);
  if (mine === null) return undefined;
  const current = model.preset;
  const ordered = [
    ...modelPresets.filter((p) => p.id === current),
    ...modelPresets.filter((p) => p.id !== current),
  ];
  for (const p of ordered) {
    const shape = kind === 'serving' ? servingModelFromPreset(p) : p.shape;
    if (canon(shape) === mine) return p.id;
  }
  return undefined;
}

const MODEL_PATH = ['workload', 'model'] as const;

/** The document with `workload.model.preset` following the shape (see presetIdForModel). */
export function presetFollowingShape(doc: Doc): EditOutcome {
  const model = docValue(doc, MODEL_PATH);
  if (!isObject(model)) return { doc, notes: [] };
  const before = typeof model.preset === 'string' ? model.preset : undefined;
  const after = presetIdForModel(docValue(doc, ['workload', 'kind']), model);
  if (before === after) return { doc, notes: [] };
  const label = (id: string | undefined) => modelPresets.find((p) => p.id === id)?.label ?? id;
  return {
    doc: withDocValue(doc, [...MODEL_PATH, 'preset'], after),
    notes: [
      {
        text:
          after === undefined
            ? `The model shape is no longer ${label(before) ?? 'a preset'}'s: the preset is cleared (Custom shape).`
            : `The model shape is now ${label(after)}'s: the preset follows.`,
        paths: ['workload.model.preset'],
      },
    ],
  };
}

/**
 * A stated layout the edited shape no longer takes (more pipeline stages than layers; a training
 * TP that does not divide the attention heads, consistency.ts) is handed to the engine's search:
 * the training layout becomes `auto`, a serving copy's PP `auto`; with a note.
 */
function layoutFollowingShape(doc: Doc): EditOutcome {
  const p = docValue(doc, LAYOUT_PATH);
  const layers = docValue(doc, [...MODEL_PATH, 'layers']);
  const heads = docValue(doc, [...MODEL_PATH, 'attentionHeads']);
  if (!isObject(p) || !isCount(layers)) return { doc, notes: [] };
  const training = docValue(doc, ['workload', 'kind']) === 'training';
  const why: string[] = [];
  if (isCount(p.pp) && p.pp > layers)
    why.push(`PP ${fmt(p.pp)} is more stages than its ${fmt(layers)} layers`);
  if (training && isCount(p.tp) && isCount(heads) && heads % p.tp !== 0) {
    why.push(`TP ${fmt(p.tp)} does not divide its ${fmt(heads)} attention heads`);
  }
  if (why.length === 0) return { doc, notes: [] };
  const text = `The model no longer takes the stated layout (${why.join('; ')}), so`;
  return training
    ? {
        doc: withDocValue(doc, LAYOUT_PATH, 'auto'),
        notes: [
          {
            text: `${text} the parallel layout is now chosen automatically (the fastest that fits).`,
            paths: [LAYOUT_PATH.join('.')],
          },
        ],
      }
    : {
        doc: withDocValue(doc, [...LAYOUT_PATH, 'pp'], 'auto'),
        notes: [
          {
            text: `${text} pipeline parallelism (PP) is now chosen automatically.`,
            paths: ['workload.parallelism.pp'],
          },
        ],
      };
}

/**
 * Serving models state their size (`paramsB`, and `moe.activeParamsB`), which the serving
 * engine prices (weights streamed per token) and which must agree with the shape's own count
 * within PARAMS_SHAPE_TOLERANCE (consistency.ts). After an edit of the shape (layers, widths,
 * vocabulary, experts), a stated size that matched the old shape's count (within
 * SIZE_FOLLOWS_WITHIN) scales with the count, and one the new shape no longer supports takes its
 * count; three significant figures, with a note. Editing a size itself is left as typed. Before,
 * halving the layers of the 70B serving example kept 70.55 billion parameters, and a
 * ninth of them refused the build.
 */
function servingSizesFollowingShape(
  before: Doc,
  doc: Doc,
  path: readonly (string | number)[],
): EditOutcome {
  if (docValue(doc, ['workload', 'kind']) !== 'serving') return { doc, notes: [] };
  const field = path.slice(2).join('.');
  if (field === 'paramsB' || field === 'moe.activeParamsB' || field === 'preset') {
    return { doc, notes: [] };
  }
  const parse = (d: Doc) => {
    const r = servingModelSchema.safeParse(docValue(d, MODEL_PATH));
    return r.success ? { m: r.data, counted: paramCounts(modelShapeOf(r.data, 0)) } : null;
  };
  const old = parse(before);
  const now = parse(doc);
  if (now === null) return { doc, notes: [] };
  // The shape became a preset's: its stated sizes come back with it (only then: a file may
  // state its own size beside a preset's shape, as the 70B example does).
  const presetId = docValue(doc, [...MODEL_PATH, 'preset']);
  const cameBack = presetId !== docValue(before, [...MODEL_PATH, 'preset']);
  const preset = cameBack ? modelPresets.find((p) => p.id === presetId) : undefined;
  const presetSizes = preset === undefined ? null : servingModelFromPreset(preset);
  const billions = (n: number) => Number((n / 1e9).toPrecision(3));
  const follow = (stated: number, oldCount: number | null, count: number): number | null => {
    const n = stated * 1e9;
    if (oldCount === count) return null;
    if (oldCount !== null && Math.abs(n / oldCount - 1) <= SIZE_FOLLOWS_WITHIN) {
      const v = billions((n * count) / oldCount);
      return v === stated ? null : v;
    }
    const far = n * PARAMS_SHAPE_TOLERANCE < count || n > count * PARAMS_SHAPE_TOLERANCE;
    return far ? billions(count) : null;
  };
  let next = doc;
  const notes: EditNote[] = [];
  const total =
    presetSizes !== null
      ? presetSizes.paramsB === now.m.paramsB
        ? null
        : presetSizes.paramsB
      : follow(now.m.paramsB, old?.counted.total ?? null, now.counted.total);
  if (total !== null) {
    next = withDocValue(next, [...MODEL_PATH, 'paramsB'], total);
    notes.push({
      text: `Parameters ${fmt(now.m.paramsB)} → ${fmt(total)} billion, following the model shape (the serving engine streams the stated weights).`,
      paths: ['workload.model.paramsB'],
    });
  }
  const moe = now.m.moe;
  const oldActive = old !== null && old.m.moe !== null ? old.counted.active : null;
  const presetActive = presetSizes?.moe?.activeParamsB ?? null;
  const active =
    moe === null
      ? null
      : presetActive !== null
        ? presetActive === moe.activeParamsB
          ? null
          : presetActive
        : follow(moe.activeParamsB, oldActive, now.counted.active);
  if (moe !== null && active !== null) {
    next = withDocValue(next, [...MODEL_PATH, 'moe', 'activeParamsB'], active);
    notes.push({
      text: `Active parameters ${fmt(moe.activeParamsB)} → ${fmt(active)} billion per token, following the model shape.`,
      paths: ['workload.model.moe.activeParamsB'],
    });
  }
  return { doc: next, notes };
}

/** A stated serving size within this share of its shape's count follows the shape's edits. */
const SIZE_FOLLOWS_WITHIN = 0.1;

function samePath(a: readonly (string | number)[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/**
 * Set one field of a scenario document and make the follow-on changes that keep the build
 * valid (see the module comment): the editor's one undoable step for an edit.
 * @param doc - the scenario document (as a file holds it)
 * @param path - the edited field (`['cluster','compute','gpus']`)
 * @param value - its new value, as typed (kept even when out of range: the schema reports it)
 */
export function followFieldEdit(
  doc: Doc,
  path: readonly (string | number)[],
  value: unknown,
): EditOutcome {
  if (samePath(path, ['cluster', 'compute', 'acceleratorId']) && typeof value === 'string') {
    if (value === docValue(doc, path)) return { doc, notes: [] };
    return applyAcceleratorPlatform(doc, value);
  }
  const oldValue = docValue(doc, path);
  const next = withDocValue(doc, path, value);
  if (samePath(path, ['cluster', 'compute', 'gpus']) && isCount(value) && value !== oldValue) {
    return rescaleLayoutForGpus(next, value, oldValue);
  }
  if (path.length >= 2 && path[0] === 'workload' && path[1] === 'model') {
    if (path[2] === 'preset') return { doc: next, notes: [] };
    const preset = presetFollowingShape(next);
    const sizes = servingSizesFollowingShape(doc, preset.doc, path);
    const layout = layoutFollowingShape(sizes.doc);
    const experts = fitExpertDegrees(layout.doc);
    return {
      doc: experts.doc,
      notes: [...preset.notes, ...sizes.notes, ...layout.notes, ...experts.notes],
    };
  }
  return { doc: next, notes: [] };
}
