import { z } from 'zod';
import { intIn, oneOf } from './fields';
import type { FfnType, MlaSpec, ModelShape, SlidingWindowSpec } from '../workload/types';

/**
 * The scenario's model-shape extensions, shared by the training and serving model sections (the
 * one model vocabulary of model/workload): MoE shared experts and dense first layers, head width,
 * DeepSeek MLA, sliding windows, multi-token prediction, parallel blocks. Every field has a
 * default that reads as before (format change: migration `scenario/003-moe-shape`).
 */

/**
 * Fields of the mixture-of-experts shape beside `experts` and `topK`, shared by the training and
 * serving model sections (the one model vocabulary, model/workload): always-on shared experts
 * (DeepSeek: 1), the FFN width of the layers that are not MoE, the leading dense layers
 * (DeepSeek-V3: 3) and the MoE layer frequency after them.
 */
export const moeExtensionFields = {
  /** Always-on experts per MoE layer, each ffnHiddenSize wide. */
  sharedExperts: intIn(0, 64, 'experts').default(0),
  /** FFN width of the dense (non-MoE) layers; null: ffnHiddenSize. */
  denseFfnHiddenSize: intIn(1, 2_097_152).nullable().default(null),
  /** Leading layers with a dense FFN. */
  firstDenseLayers: intIn(0, 1000, 'layers').default(0),
  /** After the leading dense layers, every n-th layer is MoE. */
  layerFreq: intIn(1, 1000, 'layers').default(1),
  /** Biases in the expert linears (gpt-oss; added in format 6). */
  expertBias: z.boolean().default(false),
  /** The experts' gated activation clamps its inputs (gpt-oss: ±7; added in format 6). */
  clampedGlu: z.boolean().default(false),
};

/** DeepSeek multi-head latent attention (cached per token and layer: kvLoraRank + qkRopeHeadDim). */
export const mlaSchema = z.strictObject({
  kind: z.literal('mla', { error: 'must be "mla"' }),
  kvLoraRank: intIn(1, 65_536),
  /** null: queries not compressed. */
  qLoraRank: intIn(1, 65_536).nullable().default(null),
  qkNopeHeadDim: intIn(1, 4096),
  qkRopeHeadDim: intIn(1, 4096),
  vHeadDim: intIn(1, 4096),
});

/** One layer in every `every` attends to the last `window` tokens only (gpt-oss: 128, 2). */
export const slidingWindowSchema = z.strictObject({
  window: intIn(1, 16_777_216, 'tokens'),
  every: intIn(1, 1000, 'layers'),
});

/**
 * Fields of the model shape beside the classic ones, shared by training and serving: head width,
 * MLA, sliding windows, multi-token-prediction modules, parallel attention/FFN blocks.
 */
export const modelExtensionFields = {
  /** Width of one attention head where it is not hiddenSize/attentionHeads (Qwen3: 128). */
  headDim: intIn(1, 4096).nullable().default(null),
  /** null: multi-head / grouped-query attention from attentionHeads and kvHeads. */
  attention: mlaSchema.nullable().default(null),
  slidingWindow: slidingWindowSchema.nullable().default(null),
  /** Multi-token-prediction modules (DeepSeek-V3: 1): trained with the model; serving's draft. */
  mtpLayers: intIn(0, 16, 'modules').default(0),
  /** Attention and FFN side by side on the same input (GPT-J/PaLM parallel layers). */
  parallelBlocks: z.boolean().default(false),
};

/**
 * The classic transformer fields, shared by the training and serving model sections in this
 * order (the order keys are written to a saved file).
 */
export const transformerCoreFields = {
  layers: intIn(1, 1000, 'layers'),
  hiddenSize: intIn(16, 262_144),
  attentionHeads: intIn(1, 4096, 'heads'),
  /** Key/value heads (grouped-query attention); = attentionHeads for multi-head attention. */
  kvHeads: intIn(1, 4096, 'heads'),
  /** FFN inner width (per expert for MoE). */
  ffnHiddenSize: intIn(1, 2_097_152),
  /** `gelu`: 2 matrices (up, down); `swiglu`: 3 (gate, up, down). */
  ffnType: oneOf(['gelu', 'swiglu']),
  vocabSize: intIn(1, 4_000_000, 'tokens'),
};

/** Routed experts per MoE layer and experts per token, shared by both MoE sections. */
export const moeCoreFields = {
  experts: intIn(1, 4096, 'experts'),
  topK: intIn(1, 64, 'experts per token'),
};

/** A zod check context's issue list (the part the shared checks below use). */
type IssueList = {
  push(issue: { code: 'custom'; input: unknown; path: PropertyKey[]; message: string }): unknown;
};

/** topK may not exceed experts (both MoE sections). */
export function pushMoeIssues(
  m: { readonly experts: number; readonly topK: number },
  issues: IssueList,
): void {
  if (m.topK > m.experts) {
    issues.push({
      code: 'custom',
      input: m.topK,
      path: ['topK'],
      message: `must be at most experts (${m.experts})`,
    });
  }
}

/** The rules of the shared transformer fields: kvHeads divides the heads; heads split hiddenSize. */
export function pushTransformerIssues(
  m: {
    readonly hiddenSize: number;
    readonly attentionHeads: number;
    readonly kvHeads: number;
    readonly headDim: number | null;
    readonly attention: unknown;
  },
  issues: IssueList,
): void {
  if (m.kvHeads > m.attentionHeads || m.attentionHeads % m.kvHeads !== 0) {
    issues.push({
      code: 'custom',
      input: m.kvHeads,
      path: ['kvHeads'],
      message: `must divide attentionHeads (${m.attentionHeads})`,
    });
  }
  const headIssue = headWidthIssue(m);
  if (headIssue !== null) {
    issues.push({ code: 'custom', input: m.hiddenSize, path: ['hiddenSize'], message: headIssue });
  }
}

/** hiddenSize must split into heads unless a head width of its own or MLA is stated. */
export function headWidthIssue(m: {
  readonly hiddenSize: number;
  readonly attentionHeads: number;
  readonly headDim: number | null;
  readonly attention: unknown;
}): string | null {
  if (m.headDim !== null || m.attention !== null) return null;
  return m.hiddenSize % m.attentionHeads === 0
    ? null
    : `must be a multiple of attentionHeads (${m.attentionHeads}), or state headDim`;
}

/** A scenario model section as the shape reads it (training and serving sections both fit). */
export type ScenarioModelFields = {
  readonly layers: number;
  readonly hiddenSize: number;
  readonly attentionHeads: number;
  readonly kvHeads: number;
  readonly ffnHiddenSize: number;
  readonly ffnType: FfnType;
  readonly vocabSize: number;
  readonly tiedEmbeddings: boolean;
  readonly headDim: number | null;
  readonly attention: MlaSpec | null;
  readonly slidingWindow: SlidingWindowSpec | null;
  readonly mtpLayers: number;
  readonly parallelBlocks: boolean;
  readonly moe: {
    readonly experts: number;
    readonly topK: number;
    readonly sharedExperts: number;
    readonly denseFfnHiddenSize: number | null;
    readonly firstDenseLayers: number;
    readonly layerFreq: number;
    readonly expertBias: boolean;
    readonly clampedGlu: boolean;
  } | null;
};

/**
 * The engine's model shape (model/workload) of a scenario model section: the one mapping from
 * the file's field names (`hiddenSize`, `attention`, …) to the shape's (`hidden`, `mla`, …), used
 * by training, serving and the scenario's own checks.
 * @param m - the training or serving model section
 * @param seqLenTokens - tokens per sequence (serving: the longest context considered)
 */
export function modelShapeOf(m: ScenarioModelFields, seqLenTokens: number): ModelShape {
  return {
    layers: m.layers,
    hidden: m.hiddenSize,
    heads: m.attentionHeads,
    kvHeads: m.kvHeads,
    ffnHidden: m.ffnHiddenSize,
    ffnType: m.ffnType,
    vocab: m.vocabSize,
    seqLen: seqLenTokens,
    tiedEmbeddings: m.tiedEmbeddings,
    headDim: m.headDim,
    mla: m.attention,
    slidingWindow: m.slidingWindow,
    mtpLayers: m.mtpLayers,
    parallelBlocks: m.parallelBlocks,
    moe:
      m.moe === null
        ? null
        : {
            experts: m.moe.experts,
            topK: m.moe.topK,
            sharedExperts: m.moe.sharedExperts,
            denseFfnHidden: m.moe.denseFfnHiddenSize,
            firstDenseLayers: m.moe.firstDenseLayers,
            layerFreq: m.moe.layerFreq,
            expertBias: m.moe.expertBias,
            clampedGlu: m.moe.clampedGlu,
          },
  };
}
