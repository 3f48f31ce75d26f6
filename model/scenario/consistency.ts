import { findItem } from '../catalog';
import { migProfilesFor } from '../catalog/mig';
import type { Catalog } from '../catalog';
import type { CatalogKind } from '../catalog/schemas';
import { paramCounts } from '../workload/shape';
import { catalogIds, checkUserCatalog } from './userCatalog';
import type { CatalogIssue } from './userCatalog';
import { modelShapeOf } from './modelShape';
import type { ScenarioModelFields } from './modelShape';

/**
 * Cross-field checks of a scenario that no single field's range can express, run when a file
 * is read (scenarioSchema `.check`), each with a message naming the field in the user's words:
 *
 * - user catalog entries (userCatalog.ts) and every catalog id the scenario names (accelerator,
 *   facility preset, electricity price and its currency, grid carbon, colocation, construction,
 *   cloud price) exist in the built-in catalog or the scenario's own entries;
 * - a stated layout fits the model and the cluster (training, {@link trainingWorkloadIssues}: TP
 *   divides the heads, PP at most the layers, TP × PP × DP × CP equals the GPUs, EP divides the
 *   routed experts and EP × ETP folds over TP × CP × DP, the global batch splits into whole micro
 *   batches; serving, {@link servingWorkloadIssues}: the model copies fit in the GPUs, one copy
 *   per partition on a MIG profile of the accelerator, no more drafted tokens than MTP modules,
 *   disaggregated pools of whole GPUs under a load they model). Both engines take the sections
 *   as parsed and check none of this again;
 * - the model shape and the stated sizes agree (serving `paramsB`, `activeParamsB` against the
 *   shape's count; a LoRA rank no larger than the hidden size);
 * - the storage CPUs leave a core for data pre-processing;
 * - no text holds bidirectional control characters (they make a name read differently from
 *   what it is: "Trojan Source", CVE-2021-42574).
 *
 * Inconsistent input is refused with a message; nothing is clamped.
 */

/** The part of a parsed training workload section the layout checks read. */
export type TrainingWorkloadLike = {
  readonly kind: 'training';
  readonly model: {
    readonly layers: number;
    readonly hiddenSize: number;
    readonly attentionHeads: number;
    readonly moe: { readonly experts: number } | null;
  };
  readonly training: {
    readonly globalBatchSeqs: number;
    readonly microBatchSeqs: number | 'auto';
    readonly finetune: { readonly method: string; readonly rank?: number };
  };
  readonly parallelism:
    | 'auto'
    | {
        readonly tp: number | 'auto';
        readonly pp: number | 'auto';
        readonly dp: number | 'auto';
        readonly cp: number | 'auto';
        readonly ep: number | 'auto';
        readonly etp: number | 'auto';
      };
};

/** The part of a parsed serving workload section its checks read. */
export type ServingWorkloadLike = {
  readonly kind: 'serving';
  readonly model: ScenarioModelFields & {
    readonly paramsB: number;
    readonly moe:
      (NonNullable<ScenarioModelFields['moe']> & { readonly activeParamsB: number }) | null;
  };
  readonly serving: {
    readonly load: { readonly mode: string };
    readonly speculative: { readonly draftTokens: number } | null;
    readonly disaggregation: unknown;
    readonly inputTokensMean: number;
    readonly outputTokensMean: number;
    readonly padContextTokens?: number | null;
  };
  readonly parallelism: {
    readonly tp: number | 'auto';
    readonly pp: number | 'auto';
    readonly replicas: number | 'auto';
    readonly ep?: number;
  };
  readonly partition: { readonly kind: string; readonly profile?: string | null };
};

/** The part of a parsed scenario these checks read (structural, so the schema can call it). */
type ScenarioLike = {
  readonly name: string;
  readonly workload: TrainingWorkloadLike | ServingWorkloadLike;
  readonly cluster: {
    readonly compute: {
      readonly acceleratorId: string;
      readonly gpus: number;
      readonly gpusPerNode: number;
    };
    readonly storage: {
      readonly node: {
        readonly cpuCoresPerNode: number;
        readonly cpuCoresReservedPerNode: number | null;
      };
    };
  };
  readonly facility: {
    readonly rackUnits: number;
    readonly presetId?: string | undefined;
    readonly electricityId: string;
    readonly priceUsdPerKwh?: number | undefined;
    readonly peakOffPeak?: unknown;
    readonly carbonId: string;
    readonly carbonGPerKwh?: number | undefined;
    readonly colocationId: string;
    readonly colocationUsdPerKwMonth?: number | undefined;
    readonly constructionId: string;
    readonly constructionUsdPerW?: number | undefined;
    readonly siting: string;
  };
  readonly finance: {
    readonly currency: string;
    readonly cloudPriceId?: string | undefined;
    readonly cloudUsdPerGpuHour?: number | undefined;
  };
  readonly userCatalog: Parameters<typeof checkUserCatalog>[0];
};

/** Unicode bidirectional controls: embeddings, overrides, isolates and the marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Every string in the document holding a bidirectional control character. */
function bidiIssues(
  value: unknown,
  path: (string | number)[] = [],
  out: CatalogIssue[] = [],
): CatalogIssue[] {
  if (typeof value === 'string') {
    if (BIDI_CONTROLS.test(value)) {
      out.push({
        path,
        message:
          'must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): they make text read differently from what it is',
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => bidiIssues(v, [...path, i], out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) bidiIssues(v, [...path, k], out);
  }
  return out;
}

function unknownId(
  catalog: Catalog,
  kind: CatalogKind,
  id: string,
  path: (string | number)[],
  what: string,
): CatalogIssue | null {
  if (findItem(catalog, kind, id) !== undefined) return null;
  const known = catalogIds(catalog, kind);
  return { path, message: `unknown ${what} "${id}" (catalog ids: ${known.join(', ')})` };
}

function catalogReferenceIssues(s: ScenarioLike, catalog: Catalog): CatalogIssue[] {
  const out: (CatalogIssue | null)[] = [];
  const f = s.facility;
  out.push(
    unknownId(
      catalog,
      'accelerator',
      s.cluster.compute.acceleratorId,
      ['cluster', 'compute', 'acceleratorId'],
      'accelerator',
    ),
  );
  if (f.presetId !== undefined) {
    out.push(
      unknownId(catalog, 'facilityPreset', f.presetId, ['facility', 'presetId'], 'facility preset'),
    );
  }
  const usesTariffId = f.priceUsdPerKwh === undefined && f.peakOffPeak === undefined;
  if (usesTariffId) {
    const missing = unknownId(
      catalog,
      'electricity',
      f.electricityId,
      ['facility', 'electricityId'],
      'electricity price',
    );
    out.push(missing);
    const e = missing === null ? findItem(catalog, 'electricity', f.electricityId) : undefined;
    // USD prices convert with finance.fxPerUsd; other currencies must be the scenario's own.
    if (e !== undefined && e.currency !== s.finance.currency && e.currency !== 'USD') {
      out.push({
        path: ['facility', 'electricityId'],
        message: `"${f.electricityId}" is priced in ${e.currency} but the scenario's currency (finance.currency) is ${s.finance.currency}; choose a price in ${s.finance.currency} or USD, or give facility.priceUsdPerKwh`,
      });
    }
  }
  if (f.carbonGPerKwh === undefined) {
    out.push(
      unknownId(
        catalog,
        'gridCarbon',
        f.carbonId,
        ['facility', 'carbonId'],
        'grid carbon intensity',
      ),
    );
  }
  // Both are read whatever the siting (the TCO compares colocation with an owned build).
  if (f.colocationUsdPerKwMonth === undefined) {
    out.push(
      unknownId(
        catalog,
        'colocation',
        f.colocationId,
        ['facility', 'colocationId'],
        'colocation price',
      ),
    );
  }
  if (f.constructionUsdPerW === undefined) {
    out.push(
      unknownId(
        catalog,
        'construction',
        f.constructionId,
        ['facility', 'constructionId'],
        'construction cost',
      ),
    );
  }
  if (s.finance.cloudPriceId !== undefined) {
    out.push(
      unknownId(
        catalog,
        'cloudPrice',
        s.finance.cloudPriceId,
        ['finance', 'cloudPriceId'],
        'cloud price',
      ),
    );
  }
  // A server a user entry makes taller than the facility's racks could never be racked.
  s.userCatalog.entries.forEach((entry, i) => {
    if (entry.kind !== 'system') return;
    const sys = findItem(catalog, 'system', entry.id);
    if (sys !== undefined && sys.form === 'server' && sys.heightU.value > f.rackUnits) {
      out.push({
        path: ['userCatalog', 'entries', i, 'fields', 'heightU'],
        message: `system "${entry.id}" is ${sys.heightU.value} U, taller than the facility's racks (facility.rackUnits, ${f.rackUnits} U)`,
      });
    }
  });
  return out.filter((x): x is CatalogIssue => x !== null);
}

/** Stated sizes may differ from the shape's count (shared experts, other attention) by this factor. */
export const PARAMS_SHAPE_TOLERANCE = 2;

/**
 * The training workload against itself and the cluster's GPU count: a LoRA rank no larger than
 * the hidden size, and a stated layout that fits the model and the cluster (PP at most the
 * layers, TP dividing the heads, TP × PP × DP × CP equal to the GPUs or dividing them while some
 * degrees are `auto`, EP dividing the routed experts and EP × ETP folding over TP × CP × DP, the
 * global batch a multiple of DP × micro batch). Paths from the scenario's root. The scenario
 * schema runs it on every file; the validation harness (model/validation/training.ts) on the
 * sections it builds from a case. Never throws.
 * @param gpus - `cluster.compute.gpus`
 */
export function trainingWorkloadIssues(w: TrainingWorkloadLike, gpus: number): CatalogIssue[] {
  const out: CatalogIssue[] = [];
  const m = w.model;
  const ft = w.training.finetune;
  if (ft.method === 'lora' && ft.rank !== undefined && ft.rank > m.hiddenSize) {
    out.push({
      path: ['workload', 'training', 'finetune', 'rank'],
      message: `must be at most the hidden size (workload.model.hiddenSize, ${m.hiddenSize}): a LoRA adapter's rank cannot exceed the matrices it adapts`,
    });
  }
  const p = w.parallelism;
  if (p === 'auto') return out;
  if (p.pp !== 'auto' && p.pp > m.layers) {
    out.push({
      path: ['workload', 'parallelism', 'pp'],
      message: `must be at most the number of layers (workload.model.layers, ${m.layers}): each pipeline stage holds at least one layer`,
    });
  }
  if (p.tp !== 'auto' && m.attentionHeads % p.tp !== 0) {
    out.push({
      path: ['workload', 'parallelism', 'tp'],
      message: `must divide the attention heads (workload.model.attentionHeads, ${m.attentionHeads}): tensor parallelism splits the heads evenly`,
    });
  }
  const degrees = [p.tp, p.pp, p.dp, p.cp];
  const given = degrees.filter((d): d is number => d !== 'auto');
  const product = given.reduce((a, b) => a * b, 1);
  if (given.length === degrees.length && product !== gpus) {
    out.push({
      path: ['workload', 'parallelism'],
      message: `TP × PP × DP × CP = ${product} must equal the cluster's GPUs (cluster.compute.gpus, ${gpus}): each GPU holds one part of the layout`,
    });
  } else if (gpus % product !== 0) {
    out.push({
      path: ['workload', 'parallelism'],
      message: `the product of the stated degrees (${product}) must divide the cluster's GPUs (cluster.compute.gpus, ${gpus}): the automatic degrees fill the rest in whole numbers`,
    });
  }
  if (m.moe !== null && p.ep !== 'auto') {
    const etp = p.etp === 'auto' ? 1 : p.etp;
    if (m.moe.experts % p.ep !== 0) {
      out.push({
        path: ['workload', 'parallelism', 'ep'],
        message: `must divide the routed experts (workload.model.moe.experts, ${m.moe.experts}): expert parallelism splits the experts evenly`,
      });
    } else if (p.tp !== 'auto' && p.cp !== 'auto' && p.dp !== 'auto') {
      const fold = p.tp * p.cp * p.dp;
      if (fold % (p.ep * etp) !== 0) {
        out.push({
          path: ['workload', 'parallelism', 'ep'],
          message: `ep × etp = ${p.ep * etp} must divide tp × cp × dp = ${fold}: the expert groups fold over the tensor-, context- and data-parallel GPUs of a pipeline stage (Megatron-Core parallel folding)`,
        });
      }
    }
  }
  const mb = w.training.microBatchSeqs;
  if (p.dp !== 'auto' && mb !== 'auto' && w.training.globalBatchSeqs % (p.dp * mb) !== 0) {
    out.push({
      path: ['workload', 'training', 'globalBatchSeqs'],
      message: `must be a multiple of dp × microBatchSeqs (${p.dp} × ${mb})`,
    });
  }
  return out;
}

/**
 * The serving workload against itself and the cluster: the stated parameter counts near the
 * shape's count, a partitioned GPU serving one model copy per instance (tp = pp = 1) on a MIG
 * profile of the accelerator, PP at most the layers, the model copies within the GPUs,
 * speculative decoding within the model's MTP modules, and disaggregated pools of whole GPUs
 * under a load the pools model. Paths from the scenario's root. The scenario schema runs it on
 * every file; the validation harness (model/validation/serving.ts) on the sections it builds
 * from a case. Never throws.
 * @param compute - `cluster.compute` (the GPUs and the accelerator id)
 */
export function servingWorkloadIssues(
  w: ServingWorkloadLike,
  compute: { readonly gpus: number; readonly acceleratorId: string },
): CatalogIssue[] {
  const out: CatalogIssue[] = [];
  const gpus = compute.gpus;
  const m = w.model;
  const counted = paramCounts(modelShapeOf(m, 0));
  const far = (stated: number, count: number) =>
    stated * PARAMS_SHAPE_TOLERANCE < count || stated > count * PARAMS_SHAPE_TOLERANCE;
  const b = (n: number) => `${(n / 1e9).toPrecision(3)} B`;
  if (far(m.paramsB * 1e9, counted.total)) {
    out.push({
      path: ['workload', 'model', 'paramsB'],
      message: `${m.paramsB} B is far from the ${b(counted.total)} parameters the shape implies (layers, hiddenSize, ffnHiddenSize, vocabSize${m.moe ? ', experts' : ''}); the two must agree within a factor of ${PARAMS_SHAPE_TOLERANCE}`,
    });
  }
  if (m.moe !== null && far(m.moe.activeParamsB * 1e9, counted.active)) {
    out.push({
      path: ['workload', 'model', 'moe', 'activeParamsB'],
      message: `${m.moe.activeParamsB} B is far from the ${b(counted.active)} parameters per token the shape implies (topK of the experts plus attention and embeddings); the two must agree within a factor of ${PARAMS_SHAPE_TOLERANCE}`,
    });
  }
  const p = w.parallelism;
  const part = w.partition;
  const partitioned = part.kind !== 'none';
  if (partitioned && ((p.tp !== 'auto' && p.tp !== 1) || (p.pp !== 'auto' && p.pp !== 1))) {
    out.push({
      path: ['workload', 'parallelism'],
      message:
        'a partitioned GPU (workload.partition) serves one model copy per instance: tp and pp must be 1',
    });
  }
  const profile = part.kind === 'mig' ? (part.profile ?? null) : null;
  if (profile !== null) {
    const known = migProfilesFor(compute.acceleratorId).map((x) => x.id);
    if (!known.includes(profile)) {
      out.push({
        path: ['workload', 'partition', 'profile'],
        message: `"${profile}" is not a MIG profile of ${compute.acceleratorId} (cluster.compute.acceleratorId; known: ${known.length === 0 ? 'none (no MIG on this accelerator)' : known.join(', ')})`,
      });
    }
  }
  if (p.pp !== 'auto' && p.pp > m.layers) {
    out.push({
      path: ['workload', 'parallelism', 'pp'],
      message: `must be at most the number of layers (workload.model.layers, ${m.layers}): each pipeline stage holds at least one layer`,
    });
  }
  // Serving EP splits a copy's experts over the GPUs of its tensor-parallel group (the engine's
  // layout: attention TP or data-parallel over those GPUs, experts spread over them): it must
  // split the routed experts evenly and divide TP. A dense model ignores it (a warning).
  const ep = p.ep ?? 1;
  if (m.moe !== null && ep > 1) {
    if (m.moe.experts % ep !== 0) {
      out.push({
        path: ['workload', 'parallelism', 'ep'],
        message: `must divide the routed experts (workload.model.moe.experts, ${m.moe.experts}): expert parallelism splits the experts evenly`,
      });
    } else if (partitioned || (p.tp !== 'auto' && p.tp % ep !== 0)) {
      const tpText = partitioned ? '1 on a partitioned GPU' : String(p.tp);
      out.push({
        path: ['workload', 'parallelism', 'ep'],
        message: `must divide tp (workload.parallelism.tp, ${tpText}): a model copy spreads its experts over the GPUs of its tensor-parallel group`,
      });
    }
  }
  const tp = p.tp === 'auto' ? 1 : p.tp;
  const pp = p.pp === 'auto' ? 1 : p.pp;
  if (!partitioned && tp * pp > gpus) {
    out.push({
      path: ['workload', 'parallelism'],
      message: `tp × pp = ${tp * pp} GPUs per model copy exceeds the cluster's ${gpus} GPUs (cluster.compute.gpus)`,
    });
  } else if (!partitioned && p.replicas !== 'auto' && tp * pp * p.replicas > gpus) {
    out.push({
      path: ['workload', 'parallelism', 'replicas'],
      message: `tp × pp × replicas = ${tp * pp * p.replicas} exceeds the cluster's ${gpus} GPUs (cluster.compute.gpus)`,
    });
  }
  const spec = w.serving.speculative;
  if (spec !== null && spec.draftTokens > m.mtpLayers) {
    out.push({
      path: ['workload', 'serving', 'speculative', 'draftTokens'],
      message: `${spec.draftTokens} drafted tokens need as many multi-token-prediction modules; the model has ${m.mtpLayers} (workload.model.mtpLayers)`,
    });
  }
  const pad = w.serving.padContextTokens ?? null;
  const whole = w.serving.inputTokensMean + w.serving.outputTokensMean;
  if (pad !== null && pad < whole) {
    out.push({
      path: ['workload', 'serving', 'padContextTokens'],
      message: `must hold a whole request: the mean prompt plus output is ${Math.ceil(whole)} tokens (workload.serving.inputTokensMean + workload.serving.outputTokensMean); a static-shape engine pads every request's cache to this length, never cuts it`,
    });
  }
  if (w.serving.disaggregation !== null) {
    if (partitioned) {
      out.push({
        path: ['workload', 'serving', 'disaggregation'],
        message:
          'separate prefill and decode pools are made of whole GPUs: not with a partitioned GPU (workload.partition: MIG or time slicing)',
      });
    }
    const mode = w.serving.load.mode;
    if (mode !== 'offline' && mode !== 'request_rate' && mode !== 'slo') {
      out.push({
        path: ['workload', 'serving', 'disaggregation'],
        message: `separate prefill and decode pools are modelled under an offline, request-rate or SLO load, not "${mode}" (workload.serving.load.mode)`,
      });
    }
  }
  return out;
}

function layoutAndShapeIssues(s: ScenarioLike): CatalogIssue[] {
  const out: CatalogIssue[] = [];
  const w = s.workload;
  const gpus = s.cluster.compute.gpus;
  if (w.kind === 'training') {
    out.push(...trainingWorkloadIssues(w, gpus));
  } else {
    out.push(...servingWorkloadIssues(w, s.cluster.compute));
  }
  const node = s.cluster.storage.node;
  const reserved = node.cpuCoresReservedPerNode ?? s.cluster.compute.gpusPerNode;
  if (reserved >= node.cpuCoresPerNode) {
    out.push({
      path: [
        'cluster',
        'storage',
        'node',
        node.cpuCoresReservedPerNode === null ? 'cpuCoresPerNode' : 'cpuCoresReservedPerNode',
      ],
      message:
        node.cpuCoresReservedPerNode === null
          ? `must be more than the cores kept for the training processes (one per GPU: ${reserved}), or data pre-processing has no core`
          : `must be less than storage.node.cpuCoresPerNode (${node.cpuCoresPerNode}), or data pre-processing has no core`,
    });
  }
  return out;
}

/**
 * Every cross-field problem of a parsed scenario, with its path; empty when consistent.
 * Never throws.
 */
export function scenarioConsistencyIssues(s: ScenarioLike): CatalogIssue[] {
  const issues = [...bidiIssues(s), ...layoutAndShapeIssues(s)];
  const user = checkUserCatalog(s.userCatalog);
  if (!user.ok) return [...issues, ...user.issues];
  return [...issues, ...catalogReferenceIssues(s, user.catalog)];
}
