/**
 * Where each scenario default comes from, for the editor's hover and the report's assumptions
 * table. Keyed by the dotted field path in the scenario document (variant branches share a
 * path). Defaults that mean "the engine chooses" (`auto`), "from the catalog" or "not given"
 * (`null`) are explained by `describeDefault` without an entry here; every other default must
 * have one (a test walks the schema and fails on a default without a source).
 *
 * `basis`: `read` — the figure is read in the source; `derived` — computed from sourced
 * figures; `convention` — a common default of the tools or practice named; `estimate` — a
 * planning value, to be replaced by the user's own.
 */
export type DefaultSource = {
  readonly source: string;
  /** Date of the source (year or year-month). */
  readonly date: string;
  readonly basis: 'read' | 'derived' | 'convention' | 'estimate';
};

const LLAMA3_RATES: DefaultSource = {
  source:
    'Derived from the Llama 3 405B interruption table (Dubey et al., "The Llama 3 Herd of Models", §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100), split by root cause (arXiv:2407.21783)',
  date: '2024-07',
  basis: 'derived',
};
const MICRON_9550: DefaultSource = {
  source: 'Micron 9550 PCIe Gen5 NVMe product brief (catalog ssd-gen5-micron-9550)',
  date: '2024',
  basis: 'read',
};

export const DEFAULT_SOURCES: Readonly<Record<string, DefaultSource>> = {
  // ---- workload ----
  'workload.model.tiedEmbeddings': {
    source:
      'Training presets follow GPT-3/Megatron (tied input and output embeddings); serving presets follow Llama 3 (untied), per the models’ published configs',
    date: '2020–2024',
    basis: 'read',
  },
  'workload.training.precision': {
    source:
      'BF16 mixed precision, the default of Megatron-LM and NeMo recipes for LLM pre-training',
    date: '2024',
    basis: 'convention',
  },
  'workload.training.fixedOverheadS': {
    source: 'No fixed start-up time unless given (no general published figure)',
    date: '2025',
    basis: 'convention',
  },
  'workload.training.evaluation.skipEvals': {
    source:
      'Every evaluation point is run unless told otherwise (MLPerf LLM benchmarks skip the first few; Megatron-LM and NeMo evaluate from the first interval)',
    date: '2025',
    basis: 'convention',
  },
  // `auto` defaults that follow the accelerator's software era instead of a search.
  'workload.training.attentionKernel': {
    source:
      'the stack era of the accelerator: unfused on A100, whose published runs (2020–22) predate FlashAttention in Megatron-LM and DeepSpeed; FlashAttention on Hopper and newer',
    date: '2020–2024',
    basis: 'convention',
  },
  'workload.training.zero3Gathers': {
    source:
      'the stack era of the accelerator: flat on A100, where DeepSpeed ZeRO-3 at Megatron scale reached about one NIC per GPU (Narayanan et al. SC’21, Table 2); hierarchical (the node’s NICs together) on Hopper and newer, as PyTorch FSDP (Zhao et al., VLDB 2023) and Megatron-FSDP (Megatron-Bridge 25.09, Llama 3.1 405B on 128 GB200) measure',
    date: '2021–2025',
    basis: 'read',
  },
  'workload.parallelism.cp': {
    source:
      'No context parallelism unless asked for (Megatron-LM default context_parallel_size = 1)',
    date: '2024',
    basis: 'convention',
  },
  'workload.parallelism.ep': {
    source:
      'No expert parallelism for dense models (Megatron-LM default expert_model_parallel_size = 1)',
    date: '2024',
    basis: 'convention',
  },
  'workload.parallelism.etp': {
    source:
      'No tensor parallelism inside the experts (Megatron-Core expert_tensor_parallel_size = 1 in the Megatron-Bridge MoE recipes)',
    date: '2026',
    basis: 'read',
  },
  'workload.model.moe.sharedExperts': {
    source:
      'No shared experts unless the model has them (DeepSeek-V3 and Kimi K2: 1; Qwen3, gpt-oss: 0)',
    date: '2025',
    basis: 'convention',
  },
  'workload.model.moe.firstDenseLayers': {
    source: 'Every layer MoE unless the model says otherwise (DeepSeek-V3 first_k_dense_replace 3)',
    date: '2025',
    basis: 'convention',
  },
  'workload.model.moe.layerFreq': {
    source: 'Every layer after the dense ones is MoE (Megatron-Core moe_layer_freq 1)',
    date: '2025',
    basis: 'convention',
  },
  'workload.model.moe.expertBias': {
    source:
      'No biases in the expert linears unless the model has them (gpt-oss: biases in every linear)',
    date: '2025',
    basis: 'convention',
  },
  'workload.model.moe.clampedGlu': {
    source:
      'A plain gated activation unless the model clamps it (gpt-oss: SwiGLU inputs clamped at 7)',
    date: '2025',
    basis: 'convention',
  },
  'workload.model.mtpLayers': {
    source: 'No multi-token-prediction modules unless the model has them (DeepSeek-V3: 1)',
    date: '2025',
    basis: 'convention',
  },
  'workload.model.parallelBlocks': {
    source:
      'Sequential attention then FFN, as in GPT-3, Llama and DeepSeek (parallel blocks: GPT-J, PaLM)',
    date: '2025',
    basis: 'convention',
  },
  'workload.training.gradSync': {
    source:
      'Ring/tree all-reduce (NCCL), as PyTorch DDP, Megatron-LM and DeepSpeed synchronise gradients',
    date: '2025',
    basis: 'convention',
  },
  'workload.training.softwareEra': {
    source:
      'from the stated stack: a stated attention kernel, else sequence parallelism or selective recompute (Megatron-LM 2022 onwards) mean the current era; otherwise the accelerator’s (A100: Megatron-LM 2021)',
    date: '2021–2026',
    basis: 'convention',
  },
  'workload.training.moeDispatcher': {
    source:
      'DeepEP-class dispatch (one copy per destination rank/domain, DeepEP’s measured link efficiencies) on the optimized stack, NCCL all-to-all on the baseline stack; Megatron-Bridge recipes state theirs (moe_token_dispatcher_type, moe_flex_dispatcher_backend)',
    date: '2025–2026',
    basis: 'convention',
  },
  'workload.training.moeA2aOverlap': {
    source:
      'Off: Megatron-Bridge WorkloadBaseConfig.moe_a2a_overlap = False, and Megatron-Core overlap_moe_expert_parallel_comm defaults to False',
    date: '2026',
    basis: 'read',
  },
  'workload.training.cudaGraphs': {
    source:
      'No host launch floor on the dense per-layer kernels (the host keeps ahead of the GPU); the routed experts’ per-GPU launch floor applies either way',
    date: '2026',
    basis: 'convention',
  },
  'workload.training.pipelineSplit': {
    source:
      'MoE and MTP models balanced over the stages (Megatron-Bridge DeepSeek-V3/Kimi K2 layouts, Qwen3 account_for_embedding/loss_in_pipeline_split); dense models: layers evenly, output layer on the last stage (Megatron-Core without a layout)',
    date: '2026',
    basis: 'convention',
  },
  'workload.parallelism.attentionDp': {
    source:
      'Attention tensor-parallel, the TensorRT-LLM and vLLM default; data-parallel attention is DeepSeek’s and SGLang’s MLA layout (--enable-dp-attention)',
    date: '2025',
    basis: 'read',
  },
  'workload.serving.maxTokensPerStep': {
    source:
      '8,192 tokens per step, the default max_num_tokens of TensorRT-LLM and max_num_batched_tokens of vLLM V1; lowered on a small MIG slice',
    date: '2025',
    basis: 'read',
  },
  'workload.serving.batchBucket': {
    source:
      'no padding, continuous batching computes the requests it runs (vLLM, TensorRT-LLM, SGLang); a static-shape engine pads each decode step to a multiple of its bucket (TGI-Gaudi BATCH_BUCKET_SIZE, set to the batch size in Intel’s MLPerf Inference v4.0 launch script)',
    date: '2024',
    basis: 'read',
  },
  'workload.serving.padContextTokens': {
    source:
      'no padding, attention reads each request’s own context; a static-shape engine pads the KV cache to a fixed length (TGI-Gaudi MAX_TOTAL_TOKENS, 2,048 in Intel’s MLPerf Inference v4.0 launch script)',
    date: '2024',
    basis: 'read',
  },
  'workload.serving.speculative.acceptanceRate': {
    source:
      'DeepSeek-V3 technical report §5.4.3: 85–90 % acceptance of the second (MTP-drafted) token; 0.85 used',
    date: '2024-12',
    basis: 'read',
  },
  'workload.serving.disaggregation.prefillGpus': {
    source:
      'the split of whole model copies between the pools that carries the most (DistServe, Splitwise)',
    date: '2024',
    basis: 'convention',
  },
  'workload.serving.precision': {
    source: 'BF16 weights, the default of vLLM and TensorRT-LLM for Llama-class checkpoints',
    date: '2024',
    basis: 'convention',
  },
  'workload.serving.load.percentile': {
    source: 'p99 latency limits, as MLPerf Inference Server and Interactive scenarios state them',
    date: '2024',
    basis: 'read',
  },
  'workload.serving.reportPercentile': {
    source: 'p99, as MLPerf Inference reports latency limits',
    date: '2024',
    basis: 'read',
  },
  'workload.target.percentile': {
    source: 'p99, as MLPerf Inference reports latency limits',
    date: '2024',
    basis: 'read',
  },
  // ---- cluster ----
  'cluster.compute.stack': {
    source:
      'A production-tuned stack (communication overlapped, fused kernels), as in the MLPerf and Megatron-LM runs the engine is validated on',
    date: '2024',
    basis: 'convention',
  },
  'cluster.compute.systemId': {
    source:
      'the first catalog system for the accelerator whose chassis suits the facility cooling: liquid-cooled under direct-liquid cooling, air-cooled otherwise (catalog order puts the vendor reference system first)',
    date: '2026',
    basis: 'convention',
  },
  'cluster.network.scaleOut.railOptimized': {
    source:
      'Rail-optimized leaves, as in the NVIDIA DGX SuperPOD reference architecture (each node’s n-th NIC on rail n)',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.nodeCache.driveAfrPerYear': {
    source:
      'Backblaze SSD drive stats, 2023 mid-year edition: lifetime annualised failure rate 0.90 % (catalog reliability ssd-afr, bb-ssd-2023)',
    date: '2023',
    basis: 'read',
  },
  'cluster.network.scaleOut.oversubscriptionRatio': {
    source: 'Non-blocking fat tree, as in the NVIDIA DGX SuperPOD reference architecture',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.dataset.format': {
    source: 'Pre-tokenised packed sequences (Megatron indexed dataset) for LLM training',
    date: '2024',
    basis: 'convention',
  },
  'cluster.storage.dataset.shardMB': {
    source: 'WebDataset guidance: shards of 250 MB–1 GB',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.dataset.cpuSecondsPerSample': {
    source: 'Pre-tokenised text needs no decode or augmentation',
    date: '2024',
    basis: 'convention',
  },
  'cluster.storage.dataset.epochs': {
    source:
      'One pass over the data, as LLM pre-training runs are planned (Chinchilla-style budgets)',
    date: '2022',
    basis: 'convention',
  },
  'cluster.storage.dataset.shuffle': {
    source: 'Global shuffle, the PyTorch DistributedSampler default',
    date: '2024',
    basis: 'convention',
  },
  'cluster.storage.dataTier.kind': {
    source: 'A parallel file system, as in the DGX SuperPOD storage guidance',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.checkpointTier.kind': {
    source: 'A parallel file system, as in the DGX SuperPOD storage guidance',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.nodeCache.drivesPerNode': {
    source: 'No node-local cache unless configured',
    date: '2024',
    basis: 'convention',
  },
  'cluster.storage.nodeCache.driveReadGBps': MICRON_9550,
  'cluster.storage.nodeCache.driveWriteGBps': MICRON_9550,
  'cluster.storage.nodeCache.drivePowerW': MICRON_9550,
  'cluster.storage.nodeCache.driveCapacityTB': {
    source:
      'DGX H100: 8 × 3.84 TB NVMe cache drives (NVIDIA DGX H100 user guide; catalog nvidia-dgx-h100)',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.nodeCache.prestaged': {
    source: 'The cache fills during the first epoch unless the data is staged beforehand',
    date: '2024',
    basis: 'convention',
  },
  'cluster.storage.node.cpuCoresPerNode': {
    source: 'DGX H100: 2 × Xeon Platinum 8480C, 112 cores (NVIDIA DGX SuperPOD RA-11333-001 V11)',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.network.path': {
    source: 'Dedicated storage NICs, as in the DGX SuperPOD reference architecture',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.network.perNodeGBps': {
    source: 'Storage fabric ≥ 40 GB/s per DGX H100 (NVIDIA DGX SuperPOD RA-11333-001 V11)',
    date: '2023',
    basis: 'read',
  },
  'cluster.storage.loader.prefetchDepthBatches': {
    source: 'PyTorch DataLoader prefetch_factor default (torch.utils.data documentation)',
    date: '2024',
    basis: 'read',
  },
  'cluster.storage.loader.fetchTimeCv': {
    source: 'Planning value for fetch-time jitter',
    date: '2025',
    basis: 'estimate',
  },
  'cluster.storage.loader.utilizationThresholdPct': {
    source:
      'MLPerf Storage v1.0 rule: an accelerator is fed at ≥ 90 % utilisation (unet3d, resnet50)',
    date: '2024',
    basis: 'read',
  },
  'cluster.storage.loader.targetStallPct': {
    source: 'Planning target for the cheapest-fix search: 1 % of step time',
    date: '2025',
    basis: 'estimate',
  },
  'cluster.storage.checkpoint.mode': {
    source: 'Synchronous checkpoints, the Megatron-LM default (async is opt-in)',
    date: '2024',
    basis: 'convention',
  },
  'cluster.storage.checkpoint.deviceToHostGBpsPerGpu': {
    source: 'PCIe Gen5 x16 ≈ 63 GB/s per direction, shared by GPU and NIC traffic: planning value',
    date: '2024',
    basis: 'estimate',
  },
  // ---- reliability ----
  'reliability.gpuFailuresPerGpuYear': LLAMA3_RATES,
  'reliability.hostFailuresPerNodeYear': LLAMA3_RATES,
  'reliability.softwareFailuresPerNodeYear': LLAMA3_RATES,
  'reliability.linkFailuresPerLinkYear': LLAMA3_RATES,
  'reliability.switchFailuresPerSwitchYear': LLAMA3_RATES,
  'reliability.linksPerGpu': {
    source: 'One 400 Gb/s scale-out NIC per GPU on DGX/HGX H100 (ConnectX-7)',
    date: '2023',
    basis: 'read',
  },
  'reliability.switchRadix': {
    source: '64-port switches (NVIDIA Quantum-2 QM9700 NDR, Tomahawk-class Ethernet)',
    date: '2023',
    basis: 'read',
  },
  'reliability.plannedInterruptionsPerDay': {
    source: 'No planned maintenance windows unless given',
    date: '2024',
    basis: 'convention',
  },
  'reliability.detectionMin': {
    source:
      'MegaScale (Jiang et al., NSDI 2024, §4.4): detection and diagnosis in under 10 minutes; planning value',
    date: '2024',
    basis: 'estimate',
  },
  'reliability.rescheduleMin': {
    source:
      'Restart overhead assumed in the ETTR model of Kokolis et al. (HPCA 2025); planning value. Of the same order as the start-up MLPerf Training result logs measure (init_start to init_stop: process start, model build, checkpoint load, warm-up): 55 s for Llama 2 70B LoRA on 1,024 H100 (v4.0), 205 s for Llama 3.1 8B on 512 GPUs and 492 s for Llama 3.1 405B on 5,120 GB200 (v5.1), 397 s for GPT-3 on 10,752 H100 (v3.1), 750 s on 3,584 H100 (v3.0)',
    date: '2025',
    basis: 'estimate',
  },
  'reliability.intervalMethod': {
    source: 'Daly, "A higher order estimate of the optimum checkpoint interval" (FGCS 2006)',
    date: '2006',
    basis: 'read',
  },
  // ---- facility ----
  'facility.rackUnits': {
    source: '42U, the common data-centre rack height (EIA-310 racks)',
    date: '2024',
    basis: 'convention',
  },
  'facility.provisionOn': {
    source:
      'Provision on nameplate (rated) power, as colocation contracts and Schneider White Paper 3 size supply',
    date: '2024',
    basis: 'convention',
  },
  'facility.siting': {
    source: 'Colocation, the usual first build for an AI cluster',
    date: '2024',
    basis: 'convention',
  },
  'facility.colocationFitOutUsdPerKw': {
    source: 'No one-time fit-out unless given',
    date: '2024',
    basis: 'convention',
  },
  'facility.facilityLifeYears': {
    source:
      'Facility amortised over a much longer life than servers (Barroso et al., The Datacenter as a Computer, TCO chapter)',
    date: '2018',
    basis: 'read',
  },
  'facility.facilityOpexFractionPerYear': {
    source: 'Planning value for M&E maintenance and security of an owned facility',
    date: '2025',
    basis: 'estimate',
  },
  // ---- finance ----
  'finance.fxPerUsd': { source: 'Figures in USD', date: '2025', basis: 'convention' },
  'finance.horizonYears': {
    source: '5-year horizon: MACRS 5-year property for computers (IRS Publication 946)',
    date: '2024',
    basis: 'read',
  },
  'finance.discountRate': {
    source: 'Planning hurdle rate (nominal WACC); state your own',
    date: '2025',
    basis: 'estimate',
  },
  'finance.npvConvention': {
    source: 'End-of-year discounting (NIST Handbook 135 life-cycle costing)',
    date: '1995',
    basis: 'convention',
  },
  'finance.bookLifeYears': {
    source:
      'Book life of servers: Meta 5.5 y, Amazon 5 y from 2025, Microsoft and Alphabet 6 y (company annual reports, Form 10-K, fiscal 2024–2025)',
    date: '2025',
    basis: 'read',
  },
  'finance.economicLifeYears': {
    source:
      'Economic life of 2–3 years argued for frontier GPUs (AI Data Center Guide, aidatacenterguide.com, part 1 §1.8)',
    date: '2025',
    basis: 'estimate',
  },
  'finance.residualValueFraction': {
    source: 'No resale value assumed',
    date: '2025',
    basis: 'convention',
  },
  'finance.maintenanceFractionPerYear': {
    source: 'Planning value for hardware support contracts, 10 % of hardware capex per year',
    date: '2025',
    basis: 'estimate',
  },
  'finance.installationFraction': {
    source: 'Planning value for installation, cabling and burn-in, 2 % of hardware capex',
    date: '2025',
    basis: 'estimate',
  },
  'finance.rackInfraUsdPerRack': {
    source:
      'Planning value for rack, PDUs and containment: 20,000 USD per rack, converted at the scenario’s exchange rate (finance.fxPerUsd)',
    date: '2025',
    basis: 'estimate',
  },
  'finance.staffFte': {
    source: 'No operations staff counted unless given',
    date: '2025',
    basis: 'convention',
  },
  'finance.staffUsdPerFteYear': {
    source:
      'Planning value for one operations engineer per year, salary and overhead: 200,000 USD, converted at the scenario’s exchange rate (finance.fxPerUsd)',
    date: '2025',
    basis: 'estimate',
  },
  'finance.softwareUsdPerGpuYear': {
    source: 'No per-GPU software licence unless given',
    date: '2025',
    basis: 'convention',
  },
  'finance.softwareUsdPerYear': {
    source: 'No other software cost unless given',
    date: '2025',
    basis: 'convention',
  },
  'finance.cloudSupportUpliftFraction': {
    source:
      'No support premium on the cloud rent unless given (ClusterMAX rates support separately)',
    date: '2025',
    basis: 'convention',
  },
  'finance.deploymentPhases': {
    source: 'The whole build bought and brought into service at once unless phased',
    date: '2025',
    basis: 'convention',
  },
  'finance.utilization': {
    source:
      'Planning value: 80 % of calendar GPU-hours used; dedicated clusters pay off only when "sweated" at high utilisation (Uptime Institute)',
    date: '2024',
    basis: 'estimate',
  },
};

/**
 * One line explaining a field's default: its source and date, or what `auto` / `null` means.
 * @param path - dotted field path, e.g. `finance.utilization`
 * @param defaultValue - the schema's default
 * @returns the text, or null when the default is a sourced figure without an entry (a gap)
 */
export function describeDefault(path: string, defaultValue: unknown): string | null {
  const s = DEFAULT_SOURCES[path];
  if (defaultValue === 'auto') {
    // An `auto` that follows a rule rather than a search says which rule and its source.
    return s
      ? `Default auto: ${s.source} (${s.date}).`
      : 'Default auto: the engine chooses the best value.';
  }
  if (defaultValue === null)
    return s
      ? `Default: ${s.source} (${s.date}).`
      : 'Default none: the engine or the catalog supplies the figure.';
  if (!s) return null;
  const basis =
    s.basis === 'read'
      ? 'read in the source'
      : s.basis === 'derived'
        ? 'derived from sourced figures'
        : s.basis === 'convention'
          ? 'common convention'
          : 'planning estimate';
  return `Default source: ${s.source} (${s.date}); ${basis}.`;
}
