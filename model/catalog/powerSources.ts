import type { Source } from './sourced';

/**
 * Sources of the power model's measured figures: GPU board power by activity (compute-bound,
 * memory-bound, collectives, idle with a CUDA context) and idle snapshots per accelerator.
 * Read for ClusterPlan in 2026-11 (research notes: what each measures and under which
 * conditions are in model/power/README.md).
 */
export const powerSources: readonly Source[] = [
  {
    id: 'clusterplan-h100-probe',
    title:
      'ClusterPlan power probe on one NVIDIA H100 80GB HBM3 SXM (700 W limit, driver 580.159.04, PyTorch 2.11), 2026-11-26: mean board power from the NVML energy counter over each steady window. Driver-only idle 73 W; context with 60 GiB resident 123 W; host wait right after GEMMs 130 W; one block spinning 131 W; bf16 and fp8 8192³ GEMMs held at 695–698 W by the limiter (SM clock 1230–1365 MHz); z = x + y at 3.05 TB/s 545 W; copy at 3.00 TB/s 513 W; decode-shaped GEMMs [m,8192]·[8192,28672] bf16 at 2.73 TB/s: m = 1 504 W, m = 8 518 W, m = 32 591 W, m = 128 698 W; torch.mv 1024² launch-bound 164 W; decode attention over the KV cache (SDPA, GQA 32/8×128, CUDA graph) at 3.05–3.07 TB/s 618–623 W, at 1.89 TB/s 453 W; an 8B-shaped decoder step as a CUDA graph, KV 1,024 tokens: batch 1 6.6 ms 447 W, batch 8 7.1 ms 460 W, batch 64 9.7 ms 614 W, batch 256 19.9 ms 697 W; GEMM bursts of ~10 ms with equal host waits 553 W at 1965 MHz (bursts ≈ 976 W, the limiter averaging over the bursts), with waits a third as long 691 W (the probe’s script and readings ship with ClusterPlan’s source, folder cli/device)',
    url: '',
    kind: 'measurement',
  },
  {
    id: 'flagperf-operators-a100',
    title:
      'FlagOpen/FlagPerf operator benchmarks on A100-SXM4-40GB (400 W), one GPU of a DGX A100, nvidia-smi energy monitoring: bmm/addmm/mm BF16/FP16 at 8192-class shapes 392–400 W; element-wise add BF16 at 1.36 TB/s (87 % of peak HBM) 254.6 W; torch.mv 1024² 158–165 W (operation/benchmarks/<op>/nvidia/A100_40_SXM/*_README.md @ 1b5a0303, 2025-11-11)',
    url: 'https://github.com/FlagOpen/FlagPerf/tree/main/operation/benchmarks',
    kind: 'vendor',
  },
  {
    id: 'flagperf-interconnect-a100',
    title:
      'FlagOpen/FlagPerf base interconnect benchmarks on DGX A100: NCCL all_reduce of 4 GiB FP32 alone, 8 GPUs over NVSwitch 146 W mean per GPU (468 GB/s); 2 nodes over InfiniBand 103 W mean per GPU (base/benchmarks/interconnect-MPI_*/nvidia/A100/README.md @ 1b5a0303)',
    url: 'https://github.com/FlagOpen/FlagPerf/tree/main/base/benchmarks',
    kind: 'vendor',
  },
  {
    id: 'splitwise-sim-power',
    title:
      'Patel et al., Splitwise (ISCA 2024), simulator power constants (Mutinifni/splitwise-sim configs/power_model/constant.yaml @ 37808801): idle A100 63 W, H100 75 W; prompt (compute-bound) A100 400 W, H100 700 W; token (decode, memory-bound) A100 250 W, H100 380 W',
    url: 'https://github.com/Mutinifni/splitwise-sim/blob/main/configs/power_model/constant.yaml',
    kind: 'secondary',
  },
  {
    id: 'parking-tax-2026',
    title:
      'Vadari, "The Model Parking Tax" (arXiv 2605.23918, 2026), abstract: creating a CUDA context raises idle board power by 26–50 W on HBM GPUs; memory occupancy adds under 0.02 W/GB',
    url: 'https://arxiv.org/abs/2605.23918',
    kind: 'secondary',
  },
  {
    id: 'smi-a100-80gb-context',
    title:
      'nvidia-smi snapshot in a public GPU diagnostic report (A100-SXM4-80GB, driver 580.65.06, 2026-06-22): 87 W of 400 W at 0 % utilisation with a Python process holding 425 MiB',
    url: '',
    kind: 'community',
  },
  {
    id: 'smi-h200-vllm-idle',
    title:
      'sungwon-chae/arxiv_confi tmp_memo.md (2025-09-02): nvidia-smi on an 8x H200 host, 122 W at 0 % utilisation with a vLLM engine holding 130 GB; 73–79 W on the host’s GPUs without a process',
    url: 'https://github.com/sungwon-chae/arxiv_confi',
    kind: 'community',
  },
  {
    id: 'modal-glossary-b200-idle',
    title:
      'Modal GPU glossary, "What is nvidia-smi?" (driver 575): B200 idling at 136–142 W without a process',
    url: 'https://modal.com/gpu-glossary/host-software/nvidia-smi',
    kind: 'secondary',
  },
  {
    id: 'rocm-5231-mi300x-idle',
    title:
      'ROCm/legacy-rocm-build issue #5231 (2025-08-27): rocm-smi on MI300X, 191 W socket power at 0 % GPU use with 95 % of VRAM held',
    url: 'https://github.com/ROCm/legacy-rocm-build/issues/5231',
    kind: 'community',
  },
  {
    id: 'rocm-5219-mi355x-idle',
    title:
      'ROCm/legacy-rocm-build issue #5219 (2025-08-21): MI355X idles at 238 W, which AMD confirms is in line with expected',
    url: 'https://github.com/ROCm/legacy-rocm-build/issues/5219',
    kind: 'community',
  },
];

/** Dates of the power sources (publication or reading date), for the catalog numbers citing them. */
export const POWER_SOURCE_DATES: Readonly<Record<string, string>> = {
  'clusterplan-h100-probe': '2026-11-26',
  'flagperf-operators-a100': '2025-11-11',
  'flagperf-interconnect-a100': '2025-11-11',
  'splitwise-sim-power': '2024',
  'parking-tax-2026': '2026-04',
  'smi-a100-80gb-context': '2026-06-22',
  'smi-h200-vllm-idle': '2025-09-02',
  'modal-glossary-b200-idle': '2025',
  'rocm-5231-mi300x-idle': '2025-08-27',
  'rocm-5219-mi355x-idle': '2025-08-21',
};
