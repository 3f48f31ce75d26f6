import { acceleratorIds, getAccelerator, type Accelerator } from '../catalog/accelerators';
import { gemmEfficiency } from '../compute/device';
import type { Precision } from '../catalog/accelerators';

/**
 * Accelerator figures the serving engine needs, adapted from the project catalog
 * (model/catalog/accelerators.ts: datasheet dense peaks, HBM capacity and bandwidth, scale-up
 * bandwidth, TDP, each with its sources) plus one serving-specific figure per part:
 *
 * `gemmEfficiency` is the fraction of the dense datasheet peak that large GEMMs reach on the part:
 * the one device model's MAMF table (model/compute/device.ts `gemmEfficiency`, each entry with its
 * measurement or estimate), shared with the training engine since issue 20.
 */
export type ServingPrecision = Precision;

export type ServingAccelerator = {
  readonly id: string;
  readonly name: string;
  readonly vendor: 'nvidia' | 'amd' | 'intel' | 'other';
  /** Dense (non-sparse) tensor peak per precision, FLOP/s; null when the part lacks the format. */
  readonly denseFlopsPerS: {
    readonly bf16: number;
    readonly fp8: number | null;
    readonly fp4: number | null;
  };
  /**
   * HBM (or GDDR) capacity, bytes. Datasheet "GB" of HBM are binary (H100 "80 GB" = 81,559 MiB in
   * nvidia-smi; A100 80 GB = 81,920 MiB; MI300X 192 GB = 196,592 MiB), so GB x 2^30.
   */
  readonly hbmBytes: number;
  /** Memory bandwidth, bytes/s (datasheet TB/s, decimal). */
  readonly hbmBandwidthBytesPerS: number;
  /** Scale-up (NVLink/Infinity Fabric/on-chip RoCE) bandwidth per GPU per direction, bytes/s. */
  readonly scaleUpBandwidthBytesPerS: number;
  /** Scale-up fabric kind (NVLink/NVSwitch reaches higher all-reduce efficiency). */
  readonly scaleUpFabric: 'nvlink' | 'infinity-fabric' | 'roce' | 'pcie';
  /**
   * Graph-compiled parts run fixed tensor shapes: prompt lengths and context lengths are padded
   * up to buckets of this many tokens (0: dynamic shapes). Intel Gaudi: 128 (vLLM-Gaudi / TGI-Gaudi
   * bucketing, query-length and context-block buckets step by the 128-token block).
   */
  readonly shapeBucketTokens: number;
  /** Board power at default limit (TDP/TGP), W. */
  readonly tdpW: number;
  /** Achievable fraction of the dense peak for large GEMMs (model/compute MAMF table). */
  readonly gemmEfficiency: { readonly bf16: number; readonly fp8: number; readonly fp4: number };
  /** Where the numbers come from. */
  readonly source: string;
};

function vendorOf(v: string): ServingAccelerator['vendor'] {
  const l = v.toLowerCase();
  return l.includes('nvidia')
    ? 'nvidia'
    : l.includes('amd')
      ? 'amd'
      : l.includes('intel')
        ? 'intel'
        : 'other';
}

function fromCatalog(a: Accelerator): ServingAccelerator {
  const d = a.denseTflops;
  const fp8 = d.fp8 === undefined ? null : d.fp8.value * 1e12;
  const fp4 = d.fp4 === undefined ? null : d.fp4.value * 1e12;
  const scaleUpBidirGBps = a.scaleUpGBpsBidirectional?.value ?? 64; // none stated: PCIe Gen4 x16
  return {
    id: a.id,
    name: a.name,
    vendor: vendorOf(a.vendor),
    denseFlopsPerS: { bf16: d.bf16.value * 1e12, fp8, fp4 },
    hbmBytes: a.hbmGB.value * 1024 ** 3,
    hbmBandwidthBytesPerS: a.hbmTBps.value * 1e12,
    scaleUpBandwidthBytesPerS: (scaleUpBidirGBps / 2) * 1e9,
    scaleUpFabric: a.scaleUpFabric,
    shapeBucketTokens: vendorOf(a.vendor) === 'intel' ? 128 : 0,
    tdpW: a.tdpW.value,
    gemmEfficiency: gemmEfficiency(a.id),
    source: `catalog ${a.id} (${[...new Set([...d.bf16.sources, ...a.hbmTBps.sources])].join(', ')})`,
  };
}

const CACHE = new Map<string, ServingAccelerator>();
/** Adapted entries by catalog object (catalog items are never changed in place). */
const BY_ENTRY = new WeakMap<Accelerator, ServingAccelerator>();

/** Ids the serving adapter knows. */
export function servingAcceleratorIds(): readonly string[] {
  return acceleratorIds();
}

/**
 * Serving figures for an accelerator id (validation-case ids: `h100-sxm`, `b200`, ...).
 * Throws naming the id when it is unknown.
 */
export function getServingAccelerator(id: string): ServingAccelerator {
  const hit = CACHE.get(id);
  if (hit !== undefined) return hit;
  const a = fromCatalog(getAccelerator(id));
  CACHE.set(id, a);
  return a;
}

/**
 * Serving figures of an accelerator entry from a merged catalog (a user entry's edits or a user
 * accelerator: model/catalog `acceleratorIn`), adapted once per entry.
 */
export function servingAcceleratorOf(entry: Accelerator): ServingAccelerator {
  const hit = BY_ENTRY.get(entry);
  if (hit !== undefined) return hit;
  const a = fromCatalog(entry);
  BY_ENTRY.set(entry, a);
  return a;
}
