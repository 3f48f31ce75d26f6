/**
 * Labels and units of scenario fields. Hand-written where the field name alone reads poorly;
 * otherwise derived: the unit from the field name's suffix (`…Kw` → kW, `…GBps` → GB/s,
 * `…UsdPerKwh` → USD/kWh) or from the unit the schema's own range message names ("must be an
 * integer from 1 to 1e6 GPUs" → GPUs), the label from the remaining words of the name.
 */

export type FieldText = { readonly label: string; readonly unit: string };

/** Hand-written label/unit by the field's key (or `parent.key` where the key is ambiguous). */
const BY_KEY: Readonly<Record<string, Partial<FieldText>>> = {
  kind: { label: 'Kind' },
  description: { label: 'Description' },
  layers: { label: 'Layers', unit: 'layers' },
  hiddenSize: { label: 'Hidden size', unit: 'dims' },
  attentionHeads: { label: 'Attention heads', unit: 'heads' },
  kvHeads: { label: 'KV heads', unit: 'heads' },
  ffnHiddenSize: { label: 'FFN hidden size', unit: 'dims' },
  ffnType: { label: 'FFN type' },
  vocabSize: { label: 'Vocabulary', unit: 'tokens' },
  seqLenTokens: { label: 'Sequence length', unit: 'tokens' },
  tiedEmbeddings: { label: 'Tied embeddings' },
  moe: { label: 'Mixture of experts' },
  'moe.experts': { label: 'Experts', unit: 'experts' },
  'moe.topK': { label: 'Experts per token (top-k)', unit: 'experts' },
  sharedExperts: { label: 'Shared experts', unit: 'experts' },
  denseFfnHiddenSize: { label: 'Dense-layer FFN size', unit: 'dims' },
  firstDenseLayers: { label: 'Leading dense layers', unit: 'layers' },
  layerFreq: { label: 'MoE every n-th layer', unit: 'layers' },
  headDim: { label: 'Head width', unit: 'dims' },
  attention: { label: 'Latent attention (MLA)' },
  kvLoraRank: { label: 'KV latent rank', unit: 'dims' },
  qLoraRank: { label: 'Query latent rank', unit: 'dims' },
  qkNopeHeadDim: { label: 'Query/key head width (no RoPE)', unit: 'dims' },
  qkRopeHeadDim: { label: 'Query/key RoPE width', unit: 'dims' },
  vHeadDim: { label: 'Value head width', unit: 'dims' },
  slidingWindow: { label: 'Sliding-window attention' },
  window: { label: 'Window', unit: 'tokens' },
  every: { label: 'One layer in every', unit: 'layers' },
  mtpLayers: { label: 'Multi-token prediction modules', unit: 'modules' },
  parallelBlocks: { label: 'Parallel attention/FFN blocks' },
  expertImbalance: { label: 'Expert load imbalance', unit: '× mean' },
  softwareEra: { label: 'Software era' },
  gradSync: { label: 'Gradient synchronisation' },
  moeDispatcher: { label: 'MoE token dispatcher' },
  moeA2aOverlap: { label: 'MoE all-to-all overlap' },
  cudaGraphs: { label: 'CUDA graphs' },
  pipelineSplit: { label: 'Pipeline split' },
  expertBias: { label: 'Expert biases' },
  clampedGlu: { label: 'Clamped expert activation' },
  etp: { label: 'Expert tensor parallel (ETP)', unit: 'way' },
  attentionDp: { label: 'Attention data-parallel (MLA)' },
  maxTokensPerStep: { label: 'Max tokens per step', unit: 'tokens' },
  batchBucket: { label: 'Decode batch bucket (static shapes)', unit: 'requests' },
  padContextTokens: { label: 'Padded context (static shapes)', unit: 'tokens' },
  speculative: { label: 'Speculative decoding (MTP draft)' },
  draftTokens: { label: 'Draft tokens per step', unit: 'tokens' },
  acceptanceRate: { label: 'Acceptance rate', unit: 'fraction' },
  disaggregation: { label: 'Disaggregated prefill/decode' },
  prefillGpus: { label: 'Prefill pool', unit: 'GPUs' },
  profile: { label: 'MIG profile' },
  activeParamsB: { label: 'Active parameters', unit: 'billion' },
  paramsB: { label: 'Parameters', unit: 'billion' },
  globalBatchSeqs: { label: 'Global batch', unit: 'sequences' },
  microBatchSeqs: { label: 'Micro batch', unit: 'sequences' },
  precision: { label: 'Precision' },
  recompute: { label: 'Activation recompute' },
  finetune: { label: 'Fine-tuning' },
  method: { label: 'Method' },
  rank: { label: 'LoRA rank', unit: 'rank' },
  tokensToTrain: { label: 'Tokens to train', unit: 'tokens' },
  fixedOverheadS: { label: 'Fixed overhead', unit: 's' },
  evaluation: { label: 'Periodic evaluation' },
  intervalSeqs: { label: 'Evaluate every', unit: 'sequences' },
  evalSeqs: { label: 'Evaluation size', unit: 'sequences' },
  skipEvals: { label: 'Skip the first', unit: 'evaluations' },
  attentionKernel: { label: 'Attention kernel' },
  zero3Gathers: { label: 'ZeRO-3 / FSDP gathers' },
  parallelism: { label: 'Parallelism' },
  tp: { label: 'Tensor parallel (TP)', unit: 'way' },
  pp: { label: 'Pipeline parallel (PP)', unit: 'way' },
  dp: { label: 'Data parallel (DP)', unit: 'way' },
  cp: { label: 'Context parallel (CP)', unit: 'way' },
  vpp: { label: 'Virtual pipeline stages', unit: 'stages' },
  ep: { label: 'Expert parallel (EP)', unit: 'way' },
  replicas: { label: 'Model copies', unit: 'copies' },
  zeroStage: { label: 'ZeRO stage' },
  sequenceParallel: { label: 'Sequence parallel' },
  acceleratorId: { label: 'Accelerator' },
  gpus: { label: 'GPUs', unit: 'GPUs' },
  gpusPerNode: { label: 'GPUs per node', unit: 'GPUs' },
  nvlinkDomainGpus: { label: 'NVLink domain', unit: 'GPUs' },
  stack: { label: 'Software stack' },
  fabric: { label: 'Scale-out fabric' },
  gbpsPerGpu: { label: 'Scale-out per GPU', unit: 'Gb/s' },
  fatTreeTiers: { label: 'Fat-tree tiers', unit: 'tiers' },
  oversubscriptionRatio: { label: 'Oversubscription', unit: 'n:1' },
  coolingType: { label: 'Cooling' },
  presetId: { label: 'Facility preset' },
  pue: { label: 'PUE', unit: 'ratio' },
  rackUnits: { label: 'Rack units', unit: 'U' },
  provisionOn: { label: 'Provision power on' },
  electricityId: { label: 'Electricity price (catalog)' },
  carbonId: { label: 'Grid carbon (catalog)' },
  siting: { label: 'Siting' },
  colocationId: { label: 'Colocation price (catalog)' },
  constructionId: { label: 'Construction cost (catalog)' },
  cloudPriceId: { label: 'Cloud price (catalog)' },
  peakOffPeak: { label: 'Peak/off-peak tariff' },
  peakHoursPerDay: { label: 'Peak hours', unit: 'h/day' },
  peakDaysPerWeek: { label: 'Peak days', unit: 'days/week' },
  currency: { label: 'Currency', unit: 'ISO 4217' },
  fxPerUsd: { label: 'Exchange rate', unit: 'per USD' },
  horizonYears: { label: 'Horizon', unit: 'years' },
  discountRate: { label: 'Discount rate', unit: 'fraction/year' },
  npvConvention: { label: 'NPV convention' },
  utilization: { label: 'Utilisation', unit: 'fraction' },
  cloudGoodput: { label: 'Cloud goodput', unit: 'fraction' },
  cloudSupportUpliftFraction: { label: 'Cloud support uplift', unit: 'fraction' },
  deploymentPhases: { label: 'Deployment in yearly tranches', unit: 'tranches' },
  staffFte: { label: 'Operations staff', unit: 'FTE' },
  residualValueFraction: { label: 'Residual value', unit: 'fraction' },
  maintenanceFractionPerYear: { label: 'Maintenance', unit: 'fraction/year' },
  installationFraction: { label: 'Installation', unit: 'fraction' },
  facilityOpexFractionPerYear: { label: 'Facility running cost', unit: 'fraction/year' },
  hitRatio: { label: 'Cache hit ratio', unit: 'fraction' },
  fetchTimeCv: { label: 'Fetch-time variation', unit: 'CV' },
  epochs: { label: 'Epochs', unit: 'epochs' },
  tokenBytes: { label: 'Token width', unit: 'bytes' },
  sampleBytes: { label: 'Sample size', unit: 'bytes' },
  bytesPerParameter: { label: 'Checkpoint bytes per parameter', unit: 'bytes' },
  drivesPerNode: { label: 'Cache drives per node', unit: 'drives' },
  cpuCoresPerNode: { label: 'CPU cores per node', unit: 'cores' },
  cpuCoresReservedPerNode: { label: 'Cores reserved for training', unit: 'cores' },
  prefetchDepthBatches: { label: 'Prefetch depth', unit: 'batches' },
  linksPerGpu: { label: 'Links per GPU', unit: 'links' },
  switchCount: { label: 'Switch count', unit: 'switches' },
  switchRadix: { label: 'Switch radix', unit: 'ports' },
  plannedInterruptionsPerDay: { label: 'Planned interruptions', unit: 'per day' },
  requestCount: { label: 'Requests in the run', unit: 'requests' },
  maxBatchPerReplica: { label: 'Max batch per copy', unit: 'requests' },
  reportPercentile: { label: 'Reported percentile', unit: 'percentile' },
  percentile: { label: 'Percentile', unit: 'percentile' },
  inputTokensMean: { label: 'Prompt length (mean)', unit: 'tokens' },
  outputTokensMean: { label: 'Output length (mean)', unit: 'tokens' },
  kvCachePrecision: { label: 'KV-cache precision' },
  load: { label: 'Load' },
  mode: { label: 'Mode' },
  concurrency: { label: 'Concurrency', unit: 'requests' },
  batch: { label: 'Batch', unit: 'requests' },
  partition: { label: 'GPU partitioning' },
  computeShare: { label: 'Compute share', unit: 'fraction' },
  memoryShare: { label: 'Memory share', unit: 'fraction' },
  instances: { label: 'Instances', unit: 'instances' },
  target: { label: 'Sizing target' },
  powerLimitW: { label: 'Power limit', unit: 'W' },
  packedDocTokens: { label: 'Packed document length', unit: 'tokens' },
  gpuHourUsd: { label: 'GPU-hour price', unit: 'USD' },
  intervalMethod: { label: 'Interval formula' },
  path: { label: 'Storage path' },
  shuffle: { label: 'Shuffle' },
  format: { label: 'Format' },
  prestaged: { label: 'Pre-staged' },
  checkpointTier: { label: 'Checkpoint tier' },
  dataTier: { label: 'Data tier' },
  nodeCache: { label: 'Node-local cache' },
  node: { label: 'Host CPUs' },
  loader: { label: 'Data loader' },
  checkpoint: { label: 'Checkpoints' },
  dataset: { label: 'Dataset' },
  scaleOut: { label: 'Scale-out fabric' },
  shardMB: { label: 'Shard size', unit: 'MB' },
  samplesPerFile: { label: 'Samples per file', unit: 'samples' },
  cpuSecondsPerSample: { label: 'CPU time per sample', unit: 'CPU-s' },
  priceUsdPerKwh: { label: 'Electricity price' },
  carbonGPerKwh: { label: 'Grid carbon intensity' },
  colocationUsdPerKwMonth: { label: 'Colocation price' },
  colocationFitOutUsdPerKw: { label: 'Colocation fit-out' },
  constructionUsdPerW: { label: 'Construction cost' },
  cloudUsdPerGpuHour: { label: 'Cloud price' },
  staffUsdPerFteYear: { label: 'Staff cost' },
  softwareUsdPerGpuYear: { label: 'Software per GPU' },
  softwareUsdPerYear: { label: 'Other software' },
  rackInfraUsdPerRack: { label: 'Rack infrastructure' },
  requestsPerS: { label: 'Request rate', unit: 'requests/s' },
  offPeakPriceUsdPerKwh: { label: 'Off-peak price' },
  wueLPerKwh: { label: 'Water usage (WUE)' },
  floorM2PerRack: { label: 'Floor area' },
  perNodeGBps: { label: 'Bandwidth per node' },
  deviceToHostGBpsPerGpu: { label: 'Device-to-host copy' },
};

/** Unit suffixes of field names, longest first. `{cur}` is the scenario currency. */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ['UsdPerKwMonth', 'USD/kW-month'],
  ['UsdPerGpuHour', 'USD/GPU-h'],
  ['UsdPerGpuYear', 'USD/GPU-year'],
  ['UsdPerFteYear', 'USD/FTE-year'],
  ['UsdPerKwh', 'USD/kWh'],
  ['UsdPerRack', 'USD/rack'],
  ['UsdPerYear', 'USD/year'],
  ['UsdPerKw', 'USD/kW'],
  ['UsdPerW', 'USD/W'],
  ['PerGpuYear', 'per GPU-year'],
  ['PerNodeYear', 'per node-year'],
  ['PerLinkYear', 'per link-year'],
  ['PerSwitchYear', 'per switch-year'],
  ['AfrPerYear', 'per drive-year'],
  ['GBpsPerGpu', 'GB/s per GPU'],
  ['GPerKwh', 'gCO₂e/kWh'],
  ['LPerKwh', 'L/kWh'],
  ['M2PerRack', 'm²/rack'],
  ['OpsPerS', 'ops/s'],
  ['PerS', '/s'],
  ['GBps', 'GB/s'],
  ['Usd', 'USD'],
  ['TB', 'TB'],
  ['GB', 'GB'],
  ['Kw', 'kW'],
  ['Ms', 'ms'],
  ['Min', 'min'],
  ['Pct', '%'],
  ['Years', 'years'],
  ['W', 'W'],
  ['S', 's'],
];

const ACRONYMS: Readonly<Record<string, string>> = {
  gpu: 'GPU',
  cpu: 'CPU',
  ttft: 'TTFT',
  tpot: 'TPOT',
  kv: 'KV',
  nvme: 'NVMe',
  pue: 'PUE',
  wue: 'WUE',
  fx: 'FX',
};

/** `driveReadGBps` → `Drive read` (after the unit suffix is taken off). */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The unit the schema's range message names: "… from 1 to 1e6 GPUs" → "GPUs". */
export function unitFromMessage(message: string): string {
  const m = /from \S+ to \S+ (.+)$/.exec(message) ?? /at most \S+ (.+)$/.exec(message);
  return m?.[1]?.trim() ?? '';
}

/**
 * Label and unit of the field at `path`.
 * @param path - the field's path in the scenario document
 * @param message - the schema's range message for the field (may name its unit)
 */
export function fieldText(path: readonly string[], message = ''): FieldText {
  const key = path[path.length - 1] ?? '';
  const parent = path[path.length - 2] ?? '';
  const hand = BY_KEY[`${parent}.${key}`] ?? BY_KEY[key] ?? {};
  let rest = key;
  let unit = '';
  for (const [suffix, u] of SUFFIXES) {
    if (key.endsWith(suffix) && key.length > suffix.length) {
      const before = key.slice(0, -suffix.length);
      // `…S` / `…W` only count as units after a lower-case letter (`fixedOverheadS`), not in
      // an acronym.
      if (suffix.length === 1 && !/[a-z]$/.test(before)) continue;
      rest = before;
      unit = u;
      break;
    }
  }
  if (!unit) unit = unitFromMessage(message);
  return { label: hand.label ?? humanize(rest), unit: hand.unit ?? unit };
}
