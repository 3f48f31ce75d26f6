import { acceleratorIds, getAccelerator, type Accelerator } from '../catalog/accelerators';
import { FP4_GEMM_BLACKWELL } from '../compute/device';

/**
 * Accelerator figures the serving engine needs, adapted from the project catalog
 * (model/catalog/accelerators.ts: datasheet dense peaks, HBM capacity and bandwidth, scale-up
 * bandwidth, TDP, each with its sources) plus one serving-specific figure per part:
 *
 * `gemmEfficiency` is the fraction of the dense datasheet peak that large, well-shaped GEMMs
 * reach on the part in published microbenchmarks (estimate, SemiAnalysis "MI300X vs H100 vs
 * H200 Benchmark Part 1: Training", 2024-12: H100/H200 BF16 ~0.72, FP8 ~0.66; MI300X public
 * ROCm BF16 ~0.47, FP8 ~0.42). Blackwell and Ada are taken as Hopper (same CUTLASS/cuBLAS
 * generation of kernels); parts without a figure use 0.6.
 */
export type ServingPrecision = 'fp16' | 'bf16' | 'fp8' | 'fp4';

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
  /** Achievable fraction of the dense peak for large GEMMs (microbenchmark estimate). */
  readonly gemmEfficiency: { readonly bf16: number; readonly fp8: number; readonly fp4: number };
  /** Where the numbers come from. */
  readonly source: string;
};

/**
 * NVIDIA: MAMF (maximum achievable matmul FLOPS, S. Bekman ml-engineering, the project's
 * compute/device.ts table, read values): A100 BF16 0.859; H100/H200 BF16 0.80, FP8 0.734;
 * B200 BF16 0.776, FP8 0.763, FP4 0.582 (cuBLASLt block-scaled FP4 at 8192³, 5,239 of 9,000
 * TFLOP/s: `FP4_GEMM_BLACKWELL`, the same constant the training engine uses). Hopper has no FP4:
 * its entry is never read for FP4 matmuls (they fall back to FP8).
 */
const AMPERE_GEMM = { bf16: 0.859, fp8: 0.859, fp4: 0.859 } as const;
const HOPPER_GEMM = { bf16: 0.8, fp8: 0.734, fp4: 0.62 } as const;
const BLACKWELL_GEMM = { bf16: 0.776, fp8: 0.763, fp4: FP4_GEMM_BLACKWELL } as const;
/** Ada/Blackwell PCIe cards: power-limited, planning value as in compute/device.ts. */
const PCIE_GEMM = { bf16: 0.7, fp8: 0.7, fp4: 0.6 } as const;
const CDNA3_GEMM = { bf16: 0.47, fp8: 0.42, fp4: 0.42 } as const;
const DEFAULT_GEMM = { bf16: 0.6, fp8: 0.6, fp4: 0.6 } as const;

/** Achievable GEMM fraction per catalog id (see the file comment for sources). */
const GEMM_EFFICIENCY: Readonly<Record<string, ServingAccelerator['gemmEfficiency']>> = {
  'a100-sxm-80gb': AMPERE_GEMM,
  'h100-sxm': HOPPER_GEMM,
  'h200-sxm': HOPPER_GEMM,
  h800: HOPPER_GEMM,
  b200: BLACKWELL_GEMM,
  b300: BLACKWELL_GEMM,
  gb200: BLACKWELL_GEMM,
  gb300: BLACKWELL_GEMM,
  l40s: PCIE_GEMM,
  'rtx-pro-6000': PCIE_GEMM,
  mi300x: CDNA3_GEMM,
  mi325x: CDNA3_GEMM,
  mi355x: CDNA3_GEMM,
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
    gemmEfficiency: GEMM_EFFICIENCY[a.id] ?? DEFAULT_GEMM,
    source: `catalog ${a.id} (${[...new Set([...d.bf16.sources, ...a.hbmTBps.sources])].join(', ')})`,
  };
}

const CACHE = new Map<string, ServingAccelerator>();

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
