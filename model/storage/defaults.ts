/**
 * Sourced constants of the storage and data-pipeline engine. Catalog ids refer to
 * ../shared/research/catalog.json (section `storage` / `systems`).
 */

/** NVIDIA DGX SuperPOD storage guidance (model/build, where storage tiers are sized). */
export {
  SPOD_BETTER_READ_GBPS_PER_SU,
  SPOD_BETTER_WRITE_GBPS_PER_SU,
  SPOD_NODES_PER_SU,
} from '../build/storageTiers';

/**
 * MLPerf Storage v1.0 emulated-accelerator workloads (DLIO configs
 * github.com/mlcommons/storage configs/dlio/workload/*.yaml, commit caa90c9c; AU thresholds
 * from the v1.0 README and the configs' `metric: au`). Read in
 * research/validation/mlperf_storage.json (primary).
 */
export const MLPERF_STORAGE_V1_WORKLOADS = {
  unet3d_a100: { sampleBytes: 146600628, batch: 7, computeS: 0.636, au: 0.9 },
  unet3d_h100: { sampleBytes: 146600628, batch: 7, computeS: 0.323, au: 0.9 },
  resnet50_a100: { sampleBytes: 114660.07, batch: 400, computeS: 0.435, au: 0.9 },
  resnet50_h100: { sampleBytes: 114660.07, batch: 400, computeS: 0.224, au: 0.9 },
  cosmoflow_a100: { sampleBytes: 2828486, batch: 1, computeS: 0.00551, au: 0.7 },
  cosmoflow_h100: { sampleBytes: 2828486, batch: 1, computeS: 0.0035, au: 0.7 },
} as const;

/** DLIO reports "MB/s" with MB = 2^20 bytes (mlperf_storage.json `rules.units`). */
export const MIB = 1024 * 1024;

/**
 * Checkpoint bytes per parameter by optimizer, for what a training checkpoint stores
 * (weights + optimizer state; gradients are not saved):
 * - adam-mixed: 2 (fp16/bf16 weights) + 4 (fp32 master) + 4 + 4 (Adam m, v) = 14. ZeRO
 *   (Rajbhandari et al. 2020, §3.1: mixed-precision Adam keeps 2Ψ + 2Ψ + 12Ψ bytes, of which
 *   the 2Ψ gradients are not checkpointed); BigScience tr11 README: "14 bytes/param"
 *   (research/validation/checkpoint_failures.json); Megatron 1T: 13.8 TB / 1008 B ≈ 13.7.
 * - adam-fp32: 4 (fp32 weights) + 8 (m, v) = 12.
 * - sgd-momentum-mixed: 2 + 4 (master) + 4 (momentum) = 10.
 * - weights-only-16bit: 2 (an inference export).
 */
export const CHECKPOINT_BYTES_PER_PARAMETER = {
  'adam-mixed': 14,
  'adam-fp32': 12,
  'sgd-momentum-mixed': 10,
  'weights-only-16bit': 2,
} as const;
