import type { z } from 'zod';
import type { modelShapeSchema } from './workload';

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
};

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
];

/** The preset with this id, or undefined. */
export function getModelPreset(id: string): ModelPreset | undefined {
  return modelPresets.find((p) => p.id === id);
}
