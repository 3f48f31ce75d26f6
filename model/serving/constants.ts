/**
 * Efficiency and overhead constants of the serving model, one place, each with where it comes
 * from: properties of kernels, runtimes and hardware as published, or stated estimates. None is
 * fitted to an individual validation case. Two estimates were checked against the dev set as a
 * whole (not per case) and are marked so: WEIGHT_STREAM_EXPOSED (0.5 between the roofline's 0 and
 * the sum's 1) and the optimized computeFactor (0.75; 0.70 and 0.83 were also tried).
 */
import type { ServingPrecision } from './hardware';

/** The two software stacks the engine distinguishes. */
export type ServingStack = 'optimized' | 'baseline';

export type StackProfile = {
  /**
   * Achieved fraction of datasheet HBM bandwidth in decode GEMV / paged-attention kernels.
   * STREAM-like copies reach ~0.90 on H100; decode kernels 0.80–0.85 (llm-analysis README:
   * `hbm_memory_efficiency` 0.9 "aggressive"; TensorRT-LLM / FlashInfer decode-kernel reports).
   * Measured on an H100 SXM (cli/device/results/h100-sxm-2026-11-26.json `gemm_table`, m = 1
   * rows): cuBLAS decode GEMMs stream weights at 2.98 TB/s (0.89 of 3.35) plus ~5 µs per kernel,
   * an upper bound for the whole step (paged attention, small GEMMs); 0.82 in both stacks, which
   * call the same cuBLAS GEMMs and the same class of paged-attention kernels (vLLM: FlashAttention
   * / FlashInfer). The stock stack's former 0.78 made the vLLM CI batch-8 latency runs 14–17 %
   * slow; at 0.82 they are within 2 %.
   */
  readonly memoryEfficiency: number;
  /**
   * Serving-phase factor on the accelerator's achievable GEMM fraction: GEMM shapes split by TP
   * into tall-skinny tiles, ragged mixed prefill/decode batches, epilogues (the non-GEMM
   * elementwise work is modelled separately, ELEMENTWISE_*). llm-analysis recommends a flops
   * efficiency of 0.7 of peak for inference; MLSys·im reports production serving 1.5–2x slower
   * than roofline. 0.75 x the MAMF fraction (0.734 x 0.75 ≈ 0.55 of the FP8 peak on H100). The NIM
   * 5,000-token prefill (TTFT) and the TensorRT-LLM 2048/128 prefill-heavy rows are reproduced
   * within 5–10 % at 0.75.
   * It is not a GEMM efficiency alone: the GEMMs timed on an H100 SXM at serving shapes
   * (cli/device/results/h100-sxm-2026-11-26.json `gemm_table`, BF16 [m,8192]x[8192,28672]: 622
   * TFLOP/s at m = 256, 771 at 512, ~700 sustained at m ≥ 1,024; 674 over an 11 s loop at the 700 W
   * limit) run 1.2–1.6x faster than this factor with half the weight streaming exposed prices
   * them; the rest is per-step work of a real serving step that the bare GEMMs lack (it is checked
   * on whole steps; test/model/serving/decodeMeasured.test.ts states the gap to a measured
   * CUDA-graph decode step). The same in both stacks: vLLM and TensorRT-LLM run 16-bit weights
   * through the same cuBLAS GEMMs (the measured ones), and vLLM 0.11.1 is not a slower stack: on
   * 4x H100, Llama 3.1 70B TP4 BF16 at 256 running, it makes 4,915 output tokens/s (ML.ENERGY
   * v3.0), TensorRT-LLM 0.14 4,103 at ~350 running with 467-token prompts (its online table);
   * the stock stack's former 0.66 (estimate) made every vLLM-measured case 14–28 % slow.
   */
  readonly computeFactor: number;
  /**
   * GPU time per transformer layer that does not scale with batch or bytes: the chain of small
   * kernels (norms, rotary, KV append, residual, activation) each with a launch/ramp/tail floor of
   * ~3–5 µs even inside CUDA graphs. ~12 kernels per layer x 4 µs (kernel counts from the
   * TensorRT-LLM / vLLM Llama layer implementations). Measured: a Llama-3.1-8B decode step of
   * unfused PyTorch kernels replayed as a CUDA graph on an H100 SXM (decode_probe.py, batch 1,
   * 6.57 ms) leaves ~46 µs per layer beyond weight streaming at the measured GEMV rate (4 GEMM
   * kernel floors of ~5 µs and ~26 µs of norm/attention/activation/residual kernels). Both stacks
   * replay decode as CUDA graphs (vLLM by default, enforce_eager off), so both get 48 µs; the stock stack's former
   * 72 µs (18 kernels, estimate) has no measurement behind it.
   */
  readonly perLayerOverheadS: number;
  /** Latency of one small-message all-reduce inside an NVLink domain (one-shot custom kernels). */
  readonly allReduceLatencyS: number;
  /**
   * Fraction of the memory left after weights and workspace that the stack gives the KV cache.
   * Optimized: 0.95, the kv_cache_free_gpu_mem_fraction of TensorRT-LLM's published performance
   * runs (perf-overview methodology; library default 0.9). Baseline: vLLM
   * gpu_memory_utilization 0.9 of the whole memory.
   */
  readonly kvMemoryFraction: number;
  /**
   * true: a running request reserves KV for its whole prompt + output (TensorRT-LLM default
   * GUARANTEED_NO_EVICT capacity scheduler); false: paged blocks on demand (vLLM), so a request
   * occupies its mean context.
   */
  readonly reserveFullSequence: boolean;
  /**
   * Cap on running requests per model copy when the engine sizes the batch itself (offline and
   * SLO-search loads: trtllm-bench derives max_batch_size from free KV memory, up to 2048+).
   */
  readonly maxBatch: number;
  /**
   * Cap for an online server (request_rate and concurrency loads). Optimized: sized from memory
   * like offline (the TensorRT-LLM v0.14 Triton table runs ~500 requests at once at QPS=INF,
   * MLPerf Server engines use max_batch 896–1024); baseline: vLLM --max-num-seqs default 256.
   * A configured maxBatch overrides.
   */
  readonly onlineMaxBatch: number;
  /** Default cap on tokens per engine step (max_num_tokens / max_num_batched_tokens 8192 in both). */
  readonly maxTokensPerStep: number;
  /** Front-end time per request added to TTFT (HTTP, tokenisation, scheduling); estimate. */
  readonly requestOverheadS: number;
};

export const STACKS: Readonly<Record<ServingStack, StackProfile>> = {
  optimized: {
    memoryEfficiency: 0.82,
    computeFactor: 0.75,
    perLayerOverheadS: 48e-6,
    allReduceLatencyS: 8e-6,
    kvMemoryFraction: 0.95,
    reserveFullSequence: true,
    maxBatch: 2048,
    onlineMaxBatch: 2048,
    maxTokensPerStep: 8192,
    requestOverheadS: 0.005,
  },
  baseline: {
    memoryEfficiency: 0.82,
    computeFactor: 0.75,
    perLayerOverheadS: 48e-6,
    allReduceLatencyS: 12e-6,
    kvMemoryFraction: 0.9,
    reserveFullSequence: false,
    maxBatch: 256,
    onlineMaxBatch: 256,
    maxTokensPerStep: 8192,
    requestOverheadS: 0.01,
  },
};

/** Bytes per stored parameter / KV element. FP4 = NVFP4/MXFP4: 4 bits + one 8-bit scale per 16. */
export const BYTES_PER_ELEMENT: Readonly<Record<ServingPrecision, number>> = {
  fp16: 2,
  bf16: 2,
  fp8: 1,
  fp4: 0.5625,
};

/** Bytes per activation element exchanged in TP all-reduces (BF16 activations). */
export const ACTIVATION_BYTES = 2;

/**
 * Attention (FlashAttention-style) kernels reach ~0.5–0.75 of the 16-bit peak
 * (FlashAttention-2: 50–73 % on A100; FlashAttention-3: ~75 % BF16 on H100). 0.55 for prefill
 * attention inside a serving step.
 */
export const ATTENTION_EFFICIENCY = 0.55;

/**
 * Achieved all-reduce bus bandwidth as a fraction of the per-direction scale-up bandwidth.
 * NVLink/NVSwitch with NVLink SHARP: nccl-tests busbw 476–479 GB/s on 8x H100 (maintainer and
 * user logs, nccl-tests #290/#347) = 1.06 x the 450 GB/s per direction, derated to 0.95 for the
 * 1–30 MB messages of a serving step. Other fabrics (Infinity Fabric, on-chip RoCE, PCIe): ring
 * busbw ~0.8 of the link (NCCL per-NIC 24 of 25 GB/s is the best case; estimate).
 */
export const LINK_EFFICIENCY_NVLINK = 0.95;
export const LINK_EFFICIENCY = 0.8;

/** Runtime memory per GPU outside weights, KV and activations (CUDA context, allocator), bytes. */
export const RUNTIME_RESERVE_BYTES = 1.5e9;

/**
 * Activation workspace per token of the step budget: ~10 hidden-sized and 3 FFN-sized (per TP
 * shard) 16-bit buffers live at once in a forward step (TensorRT-LLM / vLLM profile runs reserve
 * the peak of one max_num_tokens step).
 */
export const ACTIVATION_HIDDEN_BUFFERS = 10;
export const ACTIVATION_FFN_BUFFERS = 3;

/**
 * Spread of per-request mean TPOT under continuous batching (coefficient of variation), used to
 * turn the mean into a percentile with a normal approximation. In-flight batching makes a
 * request's TPOT an average over hundreds of steps whose length varies with the prefill mixed into
 * them; MLPerf Inference v4.x Server logs show p99/mean TPOT of 1.15–1.2 for tuned stacks
 * (≈ cv 0.08 at z = 2.33).
 */
export const TPOT_CV = 0.08;

/**
 * Share of the shorter of (weight streaming, GEMM arithmetic) that does not overlap the longer
 * one. A perfect roofline kernel has 0; measured serving step times grow linearly with the batch
 * from an intercept close to the weight-read time (TensorRT-LLM v0.14 online table: ITL 21 → 32 →
 * 66 → 85 ms at running batches ≈ 10 → 58 → 205 → 348), which needs most of the streaming to stay
 * exposed; TP-split decode GEMMs are tall-skinny and read each weight tile once. 0.5 (estimate,
 * between the roofline's 0 and the sum's 1).
 */
export const WEIGHT_STREAM_EXPOSED = 0.5;

/**
 * MoE expert GEMMs run as grouped GEMMs over ragged per-expert token counts, below the dense
 * GEMM rate: MegaBlocks (Gale et al. 2023) reports its block-sparse/grouped kernels at ~0.8 of
 * cuBLAS dense throughput on the same shapes; TensorRT-LLM's MoE plugin is of that class.
 */
export const MOE_GEMM_EFFICIENCY = 0.8;

/**
 * Elementwise (memory-bound) traffic per token per layer, in hidden-sized and FFN-sized 16-bit
 * vectors read or written: two RMSNorms and two residual adds on the full hidden state
 * (replicated on every TP rank, ~8 h), rotary and KV append on the rank's heads (~4 h / TP),
 * SwiGLU/GELU activation and the quantisation of GEMM inputs on the rank's FFN shard (~3 f / TP).
 * Counted from the Llama layer (TensorRT-LLM / vLLM kernels); it does not get faster with FP8/FP4,
 * which is why low precision gains less than its GEMM speed-up.
 */
export const ELEMENTWISE_HIDDEN_VECTORS = 8;
export const ELEMENTWISE_HEAD_VECTORS = 4;
export const ELEMENTWISE_FFN_VECTORS = 3;

/**
 * Acceptance rate of one token drafted by a multi-token-prediction module (speculative decoding
 * with the model's own MTP head as the draft), used when a scenario does not state it. DeepSeek-V3
 * technical report §5.4.3: "the acceptance rate of the second token prediction ranges between
 * 85% and 90%", giving 1.8× tokens per second; the lower end is taken.
 */
export const MTP_ACCEPTANCE = 0.85;
