import type { z } from 'zod';
import type { servingModelSchema } from './serving';
import type { modelShapeSchema, parallelismLayoutSchema } from './workload';

/**
 * Model shape presets, each with the publication its numbers are read from. A preset fills
 * `workload.model` of a scenario; the numbers are then the scenario's own (editable).
 */
export type ModelPreset = {
  readonly id: string;
  readonly label: string;
  /** Total parameters as the source states them, billions (for labels; the engine recounts). */
  readonly paramsBillion: number;
  readonly shape: z.input<typeof modelShapeSchema>;
  /**
   * Default global batch, sequences: the source's own where it states one (see `note`),
   * otherwise a planning default of about 4M tokens per step.
   */
  readonly globalBatchSeqs: number;
  readonly source: string;
  readonly date: string;
  readonly note?: string;
  /** Parameters used per token, billions (MoE), as the source states them. */
  readonly activeParamsBillion?: number;
  /**
   * A layout the model's own training recipe uses (MoE models: expert parallelism), for a new
   * scenario from the preset; absent: the engine's automatic layout.
   */
  readonly layout?: z.input<typeof parallelismLayoutSchema>;
};

const MLA_DEEPSEEK = {
  kind: 'mla',
  kvLoraRank: 512,
  qLoraRank: 1536,
  qkNopeHeadDim: 128,
  qkRopeHeadDim: 64,
  vHeadDim: 128,
} as const;

const DEEPSEEK_V3_SHAPE = {
  layers: 61,
  hiddenSize: 7168,
  attentionHeads: 128,
  kvHeads: 128,
  ffnHiddenSize: 2048,
  ffnType: 'swiglu',
  vocabSize: 129280,
  seqLenTokens: 4096,
  moe: {
    experts: 256,
    topK: 8,
    sharedExperts: 1,
    denseFfnHiddenSize: 18432,
    firstDenseLayers: 3,
    layerFreq: 1,
  },
  tiedEmbeddings: false,
  attention: MLA_DEEPSEEK,
  mtpLayers: 1,
} as const;

/**
 * DeepSeek-V3's Megatron-Bridge H100 layout: TP 2, PP 8, VPP 4, EP 64 (Megatron-Bridge MoE
 * hardware playbook, skills/nemo-mbridge-perf-moe-hardware-configs; DP 64 on 1,024 H100).
 */
const DEEPSEEK_H100_LAYOUT = {
  tp: 2,
  pp: 8,
  dp: 'auto',
  cp: 1,
  vpp: 4,
  zeroStage: 1,
  sequenceParallel: true,
  ep: 64,
  etp: 1,
} as const;

export const modelPresets: readonly ModelPreset[] = [
  {
    id: 'gpt3-175b',
    label: 'GPT-3 175B',
    paramsBillion: 175,
    shape: {
      preset: 'gpt3-175b',
      layers: 96,
      hiddenSize: 12288,
      attentionHeads: 96,
      kvHeads: 96,
      ffnHiddenSize: 49152,
      ffnType: 'gelu',
      vocabSize: 50257,
      seqLenTokens: 2048,
      moe: null,
      tiedEmbeddings: true,
    },
    globalBatchSeqs: 1536,
    source:
      'Brown et al. 2020, "Language Models are Few-Shot Learners", arXiv:2005.14165, Table 2.1 (n_layers 96, d_model 12288, n_heads 96, context 2048, batch 3.2M tokens); GPT-2 BPE vocabulary 50257; FFN 4·d_model',
    date: '2020-05',
    note: 'Batch 3.2M tokens = 1536 sequences of 2048 (the MLPerf GPT-3 reference also uses 1536).',
  },
  {
    id: 'llama3-8b',
    label: 'Llama 3 8B',
    paramsBillion: 8,
    shape: {
      preset: 'llama3-8b',
      layers: 32,
      hiddenSize: 4096,
      attentionHeads: 32,
      kvHeads: 8,
      ffnHiddenSize: 14336,
      ffnType: 'swiglu',
      vocabSize: 128256,
      seqLenTokens: 8192,
      moe: null,
      tiedEmbeddings: false,
    },
    globalBatchSeqs: 512,
    source:
      'Llama Team, Meta 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 3; vocabulary 128256 from meta-llama/Meta-Llama-3-8B config.json',
    date: '2024-07',
    note: 'Context 8192 tokens (paper §3.4.1). Global batch 512 × 8192 = 4M tokens is a planning default, not stated for 8B.',
  },
  {
    id: 'llama3-70b',
    label: 'Llama 3 70B',
    paramsBillion: 70,
    shape: {
      preset: 'llama3-70b',
      layers: 80,
      hiddenSize: 8192,
      attentionHeads: 64,
      kvHeads: 8,
      ffnHiddenSize: 28672,
      ffnType: 'swiglu',
      vocabSize: 128256,
      seqLenTokens: 8192,
      moe: null,
      tiedEmbeddings: false,
    },
    globalBatchSeqs: 1024,
    source:
      'Llama Team, Meta 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 3; vocabulary 128256 from meta-llama/Meta-Llama-3-70B config.json',
    date: '2024-07',
    note: 'Global batch 1024 × 8192 = 8M tokens is a planning default, not stated for 70B.',
  },
  {
    id: 'llama3-405b',
    label: 'Llama 3 405B',
    paramsBillion: 405,
    shape: {
      preset: 'llama3-405b',
      layers: 126,
      hiddenSize: 16384,
      attentionHeads: 128,
      kvHeads: 8,
      ffnHiddenSize: 53248,
      ffnType: 'swiglu',
      vocabSize: 128256,
      seqLenTokens: 8192,
      moe: null,
      tiedEmbeddings: false,
    },
    globalBatchSeqs: 2048,
    source:
      'Llama Team, Meta 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 3 (126 layers, model dim 16384, FFN 53248, 128 heads, 8 KV heads) and §3.4.1 (batch 16M tokens at 8K = 2048 sequences)',
    date: '2024-07',
  },
  {
    id: 'megatron-1t',
    label: 'Megatron 1T',
    paramsBillion: 1008,
    shape: {
      preset: 'megatron-1t',
      layers: 128,
      hiddenSize: 25600,
      attentionHeads: 160,
      kvHeads: 160,
      ffnHiddenSize: 102400,
      ffnType: 'gelu',
      vocabSize: 51200,
      seqLenTokens: 2048,
      moe: null,
      tiedEmbeddings: true,
    },
    globalBatchSeqs: 3072,
    source:
      'Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC21, Table 1 (1008B: 128 layers, hidden 25600, 160 heads, batch 3072, seq 2048, vocab 51200); FFN 4·hidden',
    date: '2021-04',
  },
  {
    id: 'deepseek-v3',
    label: 'DeepSeek-V3 (671B, MoE)',
    paramsBillion: 671,
    activeParamsBillion: 37,
    shape: { preset: 'deepseek-v3', ...DEEPSEEK_V3_SHAPE },
    globalBatchSeqs: 15360,
    layout: DEEPSEEK_H100_LAYOUT,
    source:
      'DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", arXiv:2412.19437, §2 and §4.2 (61 layers, hidden 7168, 128 heads, MLA kv/q latent 512/1536, head widths 128+64 / 128, 256 routed experts of 2048 plus 1 shared, top-8, first 3 layers dense with 18432, 1 MTP module, 671B total / 37B active, batch 15,360 × 4,096); vocabulary 129280 from deepseek-ai/DeepSeek-V3 config.json',
    date: '2024-12',
    note: 'Layout: Megatron-Bridge’s DeepSeek-V3 H100 recipe (TP 2, PP 8, EP 64), DP from the GPU count.',
  },
  {
    id: 'deepseek-r1',
    label: 'DeepSeek-R1 (671B, MoE)',
    paramsBillion: 671,
    activeParamsBillion: 37,
    shape: { preset: 'deepseek-r1', ...DEEPSEEK_V3_SHAPE },
    globalBatchSeqs: 15360,
    layout: DEEPSEEK_H100_LAYOUT,
    source:
      'DeepSeek-AI 2025, "DeepSeek-R1", arXiv:2501.12948, §2 (trained from DeepSeek-V3-Base: the V3 architecture); deepseek-ai/DeepSeek-R1 config.json (same shape as V3)',
    date: '2025-01',
    note: 'Served with MLA’s latent KV cache (35 KB per token in FP8) and its MTP module as a speculative draft.',
  },
  {
    id: 'qwen3-235b-a22b',
    label: 'Qwen3-235B-A22B (MoE)',
    paramsBillion: 235,
    activeParamsBillion: 22,
    shape: {
      preset: 'qwen3-235b-a22b',
      layers: 94,
      hiddenSize: 4096,
      attentionHeads: 64,
      kvHeads: 4,
      headDim: 128,
      ffnHiddenSize: 1536,
      ffnType: 'swiglu',
      vocabSize: 151936,
      seqLenTokens: 4096,
      moe: { experts: 128, topK: 8 },
      tiedEmbeddings: false,
    },
    globalBatchSeqs: 2048,
    layout: {
      tp: 2,
      pp: 8,
      dp: 'auto',
      cp: 1,
      vpp: 4,
      zeroStage: 1,
      sequenceParallel: true,
      ep: 32,
      etp: 1,
    },
    source:
      'Qwen Team 2025, "Qwen3 Technical Report", arXiv:2505.09388, Table 2 (94 layers, 64 query / 4 KV heads, 128 experts, 8 activated, 235B total / 22B active); hidden 4096, head_dim 128, expert width 1536, vocabulary 151936 from Qwen/Qwen3-235B-A22B config.json',
    date: '2025-05',
    note: 'Layout: Megatron-Bridge’s Qwen3-235B-A22B H100 recipe (TP 2, PP 8, VPP 4, EP 32). Global batch 2,048 × 4,096 = 8M tokens is a planning default.',
  },
  {
    id: 'qwen3-30b-a3b',
    label: 'Qwen3-30B-A3B (MoE)',
    paramsBillion: 30.5,
    activeParamsBillion: 3.3,
    shape: {
      preset: 'qwen3-30b-a3b',
      layers: 48,
      hiddenSize: 2048,
      attentionHeads: 32,
      kvHeads: 4,
      headDim: 128,
      ffnHiddenSize: 768,
      ffnType: 'swiglu',
      vocabSize: 151936,
      seqLenTokens: 4096,
      moe: { experts: 128, topK: 8 },
      tiedEmbeddings: false,
    },
    globalBatchSeqs: 1024,
    layout: {
      tp: 1,
      pp: 1,
      dp: 'auto',
      cp: 1,
      vpp: 1,
      zeroStage: 1,
      sequenceParallel: false,
      ep: 8,
      etp: 1,
    },
    source:
      'Qwen Team 2025, "Qwen3 Technical Report", arXiv:2505.09388, Table 2 (48 layers, 32 query / 4 KV heads, 128 experts, 8 activated, 30B total / 3B active); hidden 2048, head_dim 128, expert width 768, vocabulary 151936 from Qwen/Qwen3-30B-A3B config.json',
    date: '2025-05',
    note: 'Layout: Megatron-Bridge’s Qwen3-30B-A3B recipe (EP 8, no TP or PP). Global batch 1,024 × 4,096 = 4M tokens is a planning default.',
  },
  {
    id: 'gpt-oss-120b',
    label: 'gpt-oss-120b (MoE)',
    paramsBillion: 117,
    activeParamsBillion: 5.1,
    shape: {
      preset: 'gpt-oss-120b',
      layers: 36,
      hiddenSize: 2880,
      attentionHeads: 64,
      kvHeads: 8,
      headDim: 64,
      ffnHiddenSize: 2880,
      ffnType: 'swiglu',
      vocabSize: 201088,
      seqLenTokens: 4096,
      moe: { experts: 128, topK: 4, expertBias: true, clampedGlu: true },
      tiedEmbeddings: false,
      slidingWindow: { window: 128, every: 2 },
    },
    globalBatchSeqs: 1280,
    layout: {
      tp: 1,
      pp: 4,
      dp: 'auto',
      cp: 1,
      vpp: 1,
      zeroStage: 1,
      sequenceParallel: false,
      ep: 8,
      etp: 1,
    },
    source:
      'OpenAI 2025, "gpt-oss-120b & gpt-oss-20b Model Card", arXiv:2508.10925, Table 1 (36 layers, 128 experts, top-4, 117B total / 5.1B active, alternating banded window of 128 tokens); openai/gpt-oss gpt_oss/torch/model.py ModelConfig (hidden 2880, expert width 2880, 64 heads of 64, 8 KV heads, vocabulary 201088)',
    date: '2025-08',
    note: 'Layout: the Megatron-Bridge gpt-oss H100 benchmark row (PP 4, EP 8). Expert biases and the clamped SwiGLU (limit 7.0) are in the shape (openai/gpt-oss model.py MLPBlock, swiglu); attention sinks are not (TE runs them in cuDNN’s fused attention, model/training/README.md). Global batch 1,280 is that benchmark’s.',
  },
  {
    id: 'kimi-k2',
    label: 'Kimi K2 (1T, MoE)',
    paramsBillion: 1026,
    activeParamsBillion: 32.9,
    shape: {
      preset: 'kimi-k2',
      layers: 61,
      hiddenSize: 7168,
      attentionHeads: 64,
      kvHeads: 64,
      ffnHiddenSize: 2048,
      ffnType: 'swiglu',
      vocabSize: 163840,
      seqLenTokens: 4096,
      moe: {
        experts: 384,
        topK: 8,
        sharedExperts: 1,
        denseFfnHiddenSize: 18432,
        firstDenseLayers: 1,
        layerFreq: 1,
      },
      tiedEmbeddings: false,
      attention: MLA_DEEPSEEK,
    },
    globalBatchSeqs: 4096,
    layout: {
      tp: 2,
      pp: 8,
      dp: 'auto',
      cp: 1,
      vpp: 4,
      zeroStage: 1,
      sequenceParallel: true,
      ep: 64,
      etp: 1,
    },
    source:
      'Megatron-Bridge src/megatron/bridge/models/kimi/kimi_provider.py @v0.3.1, KimiK2Provider (61 layers, hidden 7168, dense FFN 18432 on layer 0, 384 experts of 2048 plus 1 shared, top-8, 64 heads with MLA q/kv latent 1536/512, vocabulary 163840); 1,026 B total / 32.9 B active counted from that shape (Moonshot’s Kimi K2 report, arXiv:2507.20534, calls it 1T / 32B)',
    date: '2025-07',
    note: 'Global batch 4,096 × 4,096 = 16M tokens is the Megatron-Bridge benchmark’s; layout as DeepSeek-V3’s H100 recipe.',
  },
];

/**
 * The serving model section for a preset: the shape without a training sequence length, with
 * the stated total and (MoE) active parameter counts.
 */
export function servingModelFromPreset(p: ModelPreset): z.input<typeof servingModelSchema> {
  const { seqLenTokens: _seq, moe, ...rest } = p.shape;
  return {
    ...rest,
    paramsB: p.paramsBillion,
    moe:
      moe === null || moe === undefined
        ? null
        : { ...moe, activeParamsB: p.activeParamsBillion ?? p.paramsBillion },
  };
}

/** The preset with this id, or undefined. */
export function getModelPreset(id: string): ModelPreset | undefined {
  return modelPresets.find((p) => p.id === id);
}
