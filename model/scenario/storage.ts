import { z } from 'zod';
import { moneyIn, numIn } from './fields';

/**
 * Scenario section `storage`: the dataset, the shared storage tier(s), the node-local NVMe
 * cache, the nodes' CPUs, the data loader and the checkpoint policy. Every field has a
 * default (or is nullable with a documented fallback), so a scenario without the section
 * parses. Units are in the field names: GB = 10^9 bytes, TB = 10^12 bytes, GBps = GB/s.
 * Sources of the defaults: model/storage/defaults.ts.
 */

export const storageTierKindSchema = z.enum(['parallel-fs', 'nas', 'object-store']);
export type StorageTierKind = z.infer<typeof storageTierKindSchema>;

/** A shared storage tier (parallel file system, NAS or object store). */
export const storageTierSchema = z.strictObject({
  kind: storageTierKindSchema.default('parallel-fs'),
  /** Display name or catalog id. */
  name: z.string().max(200).default(''),
  /**
   * Aggregate sustained read bandwidth, GB/s. null: NVIDIA DGX SuperPOD guidance ("better":
   * 40 GB/s per scalable unit of 32 nodes) scaled by the node count.
   */
  readGBps: numIn(0.001, 1e6, 'GB/s').nullable().default(null),
  /** Aggregate sustained write bandwidth, GB/s. null: SuperPOD guidance ("better": 20 GB/s per 32 nodes). */
  writeGBps: numIn(0.001, 1e6, 'GB/s').nullable().default(null),
  /** Read bandwidth one client node can draw, GB/s; null: no per-client limit beyond the network path. */
  perClientReadGBps: numIn(0.001, 1e4, 'GB/s').nullable().default(null),
  /** Metadata operations (file opens) per second the tier serves; null: not limiting (not checked). */
  metadataOpsPerS: numIn(1, 1e10, 'operations/s').nullable().default(null),
  /** Usable capacity, TB; null: not checked. */
  capacityTB: z.number().min(0).max(1e7).nullable().default(null),
  /** Power of the storage system, W; null: unknown. */
  powerW: z.number().min(0).max(1e9).nullable().default(null),
  /** Purchase price, USD; null: unknown (fixes that add bandwidth are then unpriced). */
  priceUsd: moneyIn(1e12).nullable().default(null),
});
export type StorageTier = z.infer<typeof storageTierSchema>;

export const datasetFormatSchema = z.enum(['packed-tokens', 'sharded-records', 'file-per-sample']);
export type DatasetFormat = z.infer<typeof datasetFormatSchema>;

export const storageSectionSchema = z
  .strictObject({
    dataset: z
      .strictObject({
        /** Dataset size, TB; null: unknown (the cache hit ratio then needs `nodeCache.hitRatio`). */
        sizeTB: z.number().min(0).max(1e6).nullable().default(null),
        /** Bytes per sample as read; null: from the workload (LLM: seq_len × token bytes). */
        sampleBytes: numIn(1, 1e12, 'bytes').nullable().default(null),
        /** Token id width on disk, bytes; null: 2 if vocab ≤ 65,536 else 4 (Megatron indexed dataset). */
        tokenBytes: z.number().int().min(1).max(8).nullable().default(null),
        /**
         * Read pattern: `packed-tokens` (large memory-mapped token files), `sharded-records`
         * (TFRecord/WebDataset shards, sequential within a shard), `file-per-sample` (one file
         * open per sample: JPEG folders, NPZ).
         */
        format: datasetFormatSchema.default('packed-tokens'),
        /** Shard (file) size for the sharded formats, MB. Default 1000 (WebDataset guidance 250 MB–1 GB). */
        shardMB: numIn(0.001, 1e7, 'MB').default(1000),
        /** Samples per file; null: from the format (1 for file-per-sample, shard ÷ sample otherwise). */
        samplesPerFile: z.number().min(1).max(1e12).nullable().default(null),
        /** CPU time to decode and augment one sample, core-seconds. 0 for pre-tokenised text. */
        cpuSecondsPerSample: z.number().min(0).max(1000).default(0),
        /** Passes over the dataset during training (a node-local cache only helps after the first unless pre-staged). */
        epochs: z.number().min(0).max(1e5).default(1),
        /** `global`: every node reads from the whole dataset; `per-node-shard`: each node its 1/nodes part. */
        shuffle: z.enum(['global', 'per-node-shard']).default('global'),
      })
      .prefault({}),
    /** The tier holding the dataset. */
    dataTier: storageTierSchema.prefault({}),
    /** The tier checkpoints go to; null: the data tier. */
    checkpointTier: storageTierSchema.nullable().default(null),
    /** Node-local NVMe cache (RAID-0 scratch). */
    nodeCache: z
      .strictObject({
        /** NVMe drives per node used as cache; 0 = no cache. */
        drivesPerNode: z.number().int().min(0).max(64).default(0),
        /** Sequential read per drive, GB/s. Default 14 (Micron 9550 PCIe Gen5 spec, 2024; catalog ssd-gen5-micron-9550). */
        driveReadGBps: numIn(0.01, 200, 'GB/s').default(14),
        /** Sequential write per drive, GB/s. Default 10 (Micron 9550 spec, 2024; catalog ssd-gen5-micron-9550). */
        driveWriteGBps: numIn(0.01, 200, 'GB/s').default(10),
        /** Capacity per drive, TB. Default 3.84 (DGX H100 8× 3.84 TB cache drives; catalog nvidia-dgx-h100, flashgenius-storage). */
        driveCapacityTB: numIn(0.001, 1000, 'TB').default(3.84),
        /** Power per drive, W. Default 18 (Micron 9550 ≤ 18 W, 2024; catalog ssd-gen5-micron-9550). */
        drivePowerW: z.number().min(0).max(200).default(18),
        /** Price per drive, USD; null: unknown. */
        drivePriceUsd: moneyIn(1e6).nullable().default(null),
        /**
         * Failures per cache drive-year. A RAID-0 cache loses its contents when any drive
         * fails; the node re-stages them from the data tier. Default 0.009 (Backblaze SSD
         * drive stats, lifetime AFR 0.90 %, 2023).
         */
        driveAfrPerYear: z.number().min(0).max(1).default(0.009),
        /** Cache hit ratio override, 0–1; null: from cache size vs dataset, epochs and pre-staging. */
        hitRatio: z.number().min(0).max(1).nullable().default(null),
        /** Dataset copied to the cache before training starts (no cold first epoch). */
        prestaged: z.boolean().default(false),
      })
      .prefault({}),
    /** Host CPUs. */
    node: z
      .strictObject({
        /** CPU cores per node. Default 112 (DGX H100: 2× Xeon 8480C; NVIDIA DGX SuperPOD RA-11333-001 V11, 2023; catalog nvidia-dgx-h100). */
        cpuCoresPerNode: z.number().int().min(1).max(4096).default(112),
        /** Cores kept for the training processes; null: one per GPU. */
        cpuCoresReservedPerNode: z.number().int().min(0).max(4096).nullable().default(null),
        /** Price of one more CPU core, USD; null: unknown. */
        cpuPricePerCoreUsd: moneyIn(1e5).nullable().default(null),
      })
      .prefault({}),
    /** Network path from storage to the nodes. */
    network: z
      .strictObject({
        /** `dedicated` storage NICs/fabric, or `shared-with-compute` (storage traffic competes with collectives). */
        path: z.enum(['dedicated', 'shared-with-compute']).default('dedicated'),
        /** Storage bandwidth per node on that path, GB/s. Default 40 (storage fabric ≥ 40 GB/s per DGX H100; SuperPOD RA-11333-001 V11, 2023). */
        perNodeGBps: numIn(0.001, 1e4, 'GB/s').default(40),
      })
      .prefault({}),
    /** Data loader. */
    loader: z
      .strictObject({
        /** Batches prefetched ahead of the GPU; 0 = synchronous loading. Default 2 (PyTorch DataLoader `prefetch_factor` default, torch.utils.data docs). */
        prefetchDepthBatches: z.number().int().min(0).max(1024).default(2),
        /** Coefficient of variation of the per-batch fetch time (jitter), 0–5. Default 0.5 (planning estimate). */
        fetchTimeCv: z.number().min(0).max(5).default(0.5),
        /** Utilisation threshold for "accelerators fed", %. Default 90 (MLPerf Storage v1.0 unet3d/resnet50). */
        utilizationThresholdPct: z.number().min(1).max(100).default(90),
        /** Stall the cheapest-fix search aims at, % of step time. */
        targetStallPct: z.number().min(0.01).max(50).default(1),
      })
      .prefault({}),
    /** Checkpoints. */
    checkpoint: z
      .strictObject({
        /** `sync`: training waits for the write; `async`: two-stage, waits only for device→host. */
        mode: z.enum(['sync', 'async']).default('sync'),
        /** Optimizer state saved with the weights. */
        optimizer: z
          .enum(['adam-mixed', 'adam-fp32', 'sgd-momentum-mixed', 'weights-only-16bit'])
          .default('adam-mixed'),
        /** Bytes per parameter override; null: from `optimizer`. */
        bytesPerParameter: numIn(0.1, 64, 'bytes').nullable().default(null),
        /** Device→host copy bandwidth per GPU, GB/s. Default 25 (PCIe Gen5 x16 ≈ 63 GB/s, shared; estimate). */
        deviceToHostGBpsPerGpu: numIn(0.01, 1000, 'GB/s').default(25),
      })
      .prefault({}),
  })
  .prefault({});
export type StorageSection = z.infer<typeof storageSectionSchema>;
