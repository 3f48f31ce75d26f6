import { MOE_DISPATCHERS } from './moe';
import type { TrainingInput } from './types';

function fail(field: string, why: string): never {
  throw new Error(`${field}: ${why}`);
}
function obj(v: unknown, field: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(field, 'must be an object');
  return v as Record<string, unknown>;
}
function posInt(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    fail(field, 'must be a positive integer');
  return v;
}
function posNum(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    fail(field, 'must be a positive finite number');
  return v;
}
function optPosInt(v: unknown, field: string): void {
  if (v !== null && v !== undefined) posInt(v, field);
}
function oneOf<T extends string>(v: unknown, field: string, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    fail(field, `must be one of ${allowed.join(', ')}`);
  }
  return v as T;
}

/**
 * Guard for {@link TrainingInput}: checks types, ranges and cross-field consistency and throws
 * `Error('<field path>: <reason>')` naming the first bad field (e.g. `cluster.gpus: must be a
 * positive integer`). Returns the input typed. Pure; used by `simulateTraining`.
 */
export function checkTrainingInput(input: unknown): TrainingInput {
  const root = obj(input, 'input');
  const m = obj(root['model'], 'model');
  const layers = posInt(m['layers'], 'model.layers');
  const hidden = posInt(m['hidden'], 'model.hidden');
  const heads = posInt(m['heads'], 'model.heads');
  const kv = posInt(m['kvHeads'], 'model.kvHeads');
  if (kv > heads || heads % kv !== 0) fail('model.kvHeads', 'must divide model.heads');
  const headDim = m['headDim'];
  if (headDim !== null && headDim !== undefined) posInt(headDim, 'model.headDim');
  const mla = m['mla'];
  if (mla !== null && mla !== undefined) {
    const a = obj(mla, 'model.mla');
    posInt(a['kvLoraRank'], 'model.mla.kvLoraRank');
    optPosInt(a['qLoraRank'], 'model.mla.qLoraRank');
    posInt(a['qkNopeHeadDim'], 'model.mla.qkNopeHeadDim');
    posInt(a['qkRopeHeadDim'], 'model.mla.qkRopeHeadDim');
    posInt(a['vHeadDim'], 'model.mla.vHeadDim');
  }
  const sw = m['slidingWindow'];
  if (sw !== null && sw !== undefined) {
    const w = obj(sw, 'model.slidingWindow');
    posInt(w['window'], 'model.slidingWindow.window');
    posInt(w['every'], 'model.slidingWindow.every');
  }
  const mtp = m['mtpLayers'];
  if (
    mtp !== undefined &&
    (typeof mtp !== 'number' || !Number.isInteger(mtp) || mtp < 0 || mtp > 16)
  ) {
    fail('model.mtpLayers', 'must be a whole number from 0 to 16');
  }
  // A head width of its own (headDim) or MLA frees the hidden size from heads × head width.
  if (
    (headDim === null || headDim === undefined) &&
    (mla === null || mla === undefined) &&
    hidden % heads !== 0
  ) {
    fail('model.hidden', 'must be a multiple of model.heads');
  }
  posInt(m['ffnHidden'], 'model.ffnHidden');
  oneOf(m['ffnType'], 'model.ffnType', ['gelu', 'swiglu'] as const);
  posInt(m['vocab'], 'model.vocab');
  posInt(m['seqLen'], 'model.seqLen');
  if (m['moe'] !== null && m['moe'] !== undefined) {
    const moe = obj(m['moe'], 'model.moe');
    const e = posInt(moe['experts'], 'model.moe.experts');
    const k = posInt(moe['topK'], 'model.moe.topK');
    if (k > e) fail('model.moe.topK', 'must not exceed model.moe.experts');
    const se = moe['sharedExperts'];
    if (se !== undefined && (typeof se !== 'number' || !Number.isInteger(se) || se < 0)) {
      fail('model.moe.sharedExperts', 'must be a whole number ≥ 0');
    }
    optPosInt(moe['denseFfnHidden'], 'model.moe.denseFfnHidden');
    const fd = moe['firstDenseLayers'];
    if (
      fd !== undefined &&
      (typeof fd !== 'number' || !Number.isInteger(fd) || fd < 0 || fd > layers)
    ) {
      fail('model.moe.firstDenseLayers', 'must be a whole number from 0 to model.layers');
    }
    optPosInt(moe['layerFreq'], 'model.moe.layerFreq');
  } else if (m['moe'] === undefined) {
    fail('model.moe', 'must be null (dense) or {experts, topK}');
  }
  const t = obj(root['training'], 'training');
  posInt(t['globalBatchSeqs'], 'training.globalBatchSeqs');
  optPosInt(t['microBatch'], 'training.microBatch');
  oneOf(t['precision'], 'training.precision', ['fp16', 'bf16', 'fp8', 'fp4'] as const);
  if (t['recompute'] !== null) {
    oneOf(t['recompute'], 'training.recompute', ['none', 'selective', 'full'] as const);
  }
  if (t['finetune'] !== null) {
    const f = obj(t['finetune'], 'training.finetune');
    oneOf(f['method'], 'training.finetune.method', ['lora'] as const);
    posInt(f['rank'], 'training.finetune.rank');
  }
  if (t['tokensToTrain'] !== null) posNum(t['tokensToTrain'], 'training.tokensToTrain');
  oneOf(t['optimizer'], 'training.optimizer', ['adam'] as const);
  const fo = t['fixedOverheadS'];
  if (fo !== undefined && (typeof fo !== 'number' || !Number.isFinite(fo) || fo < 0)) {
    fail('training.fixedOverheadS', 'must be a finite number ≥ 0');
  }
  const ce = t['computeEfficiencyMultiplier'];
  if (ce !== undefined && (typeof ce !== 'number' || !(ce >= 0.2 && ce <= 3))) {
    fail('training.computeEfficiencyMultiplier', 'must be a number from 0.2 to 3');
  }
  const pd = t['packedDocTokens'];
  if (pd !== undefined && pd !== null && (typeof pd !== 'number' || !(pd >= 1 && pd <= 1e8))) {
    fail('training.packedDocTokens', 'must be a number of tokens from 1 to 100,000,000, or null');
  }
  const ei = t['expertImbalance'];
  if (ei !== undefined && ei !== null && (typeof ei !== 'number' || !(ei >= 1 && ei <= 16))) {
    fail('training.expertImbalance', 'must be a number from 1 (balanced) to 16, or null');
  }
  const md = t['moeDispatcher'];
  if (md !== undefined && md !== null && !(MOE_DISPATCHERS as readonly unknown[]).includes(md)) {
    fail('training.moeDispatcher', `must be one of ${MOE_DISPATCHERS.join(', ')}, or null`);
  }
  for (const key of ['moeA2aOverlap', 'cudaGraphs'] as const) {
    const v = t[key];
    if (v !== undefined && v !== null && typeof v !== 'boolean') {
      fail(`training.${key}`, 'must be true, false or null');
    }
  }
  const pl = t['powerLimitW'];
  if (pl !== undefined && pl !== null && (typeof pl !== 'number' || !(pl > 0 && pl <= 5000))) {
    fail('training.powerLimitW', 'must be a number of watts from 0 to 5,000, or null');
  }
  if (t['evaluation'] !== undefined && t['evaluation'] !== null) {
    const ev = obj(t['evaluation'], 'training.evaluation');
    posInt(ev['intervalSeqs'], 'training.evaluation.intervalSeqs');
    posInt(ev['evalSeqs'], 'training.evaluation.evalSeqs');
    const skip = ev['skipEvals'];
    if (skip !== undefined && (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0)) {
      fail('training.evaluation.skipEvals', 'must be a whole number ≥ 0');
    }
  }
  const ak = t['attentionKernel'];
  if (ak !== undefined && ak !== null) {
    oneOf(ak, 'training.attentionKernel', ['flash', 'unfused'] as const);
  }
  const gs = t['gradSync'];
  if (gs !== undefined && gs !== null) {
    oneOf(gs, 'training.gradSync', ['all-reduce', 'parameter-server'] as const);
  }
  const se = t['softwareEra'];
  if (se !== undefined && se !== null) {
    oneOf(se, 'training.softwareEra', ['megatron-2021', 'current'] as const);
  }
  const zg = t['zero3Gathers'];
  if (zg !== undefined && zg !== null) {
    oneOf(zg, 'training.zero3Gathers', ['flat', 'hierarchical'] as const);
  }
  const c = obj(root['cluster'], 'cluster');
  if (typeof c['acceleratorId'] !== 'string' || c['acceleratorId'] === '') {
    fail('cluster.acceleratorId', 'must be a non-empty string');
  }
  const gpus = posInt(c['gpus'], 'cluster.gpus');
  posInt(c['gpusPerNode'], 'cluster.gpusPerNode');
  optPosInt(c['nvlinkDomain'], 'cluster.nvlinkDomain');
  const so = obj(c['scaleOut'], 'cluster.scaleOut');
  oneOf(so['fabric'], 'cluster.scaleOut.fabric', ['infiniband', 'roce', 'ethernet'] as const);
  posNum(so['gbpsPerGpu'], 'cluster.scaleOut.gbpsPerGpu');
  if (so['tiers'] !== null && so['tiers'] !== undefined) {
    const tiers = posInt(so['tiers'], 'cluster.scaleOut.tiers');
    if (tiers > 4) fail('cluster.scaleOut.tiers', 'must be 1–4');
  }
  if (so['oversubscription'] !== null && so['oversubscription'] !== undefined) {
    const o = posNum(so['oversubscription'], 'cluster.scaleOut.oversubscription');
    if (o < 1) fail('cluster.scaleOut.oversubscription', 'must be ≥ 1');
  }
  oneOf(root['stack'], 'stack', ['optimized', 'baseline'] as const);
  const p = root['parallelism'];
  if (p !== 'auto') {
    const par = obj(p, 'parallelism');
    for (const k of ['tp', 'pp', 'dp', 'cp', 'vpp', 'ep', 'etp'] as const)
      optPosInt(par[k], `parallelism.${k}`);
    const z = par['zeroStage'];
    if (z !== null && z !== undefined && z !== 0 && z !== 1 && z !== 2 && z !== 3) {
      fail('parallelism.zeroStage', 'must be 0, 1, 2, 3 or null');
    }
    const sp = par['sequenceParallel'];
    if (sp !== null && sp !== undefined && typeof sp !== 'boolean') {
      fail('parallelism.sequenceParallel', 'must be true, false or null');
    }
    const tp = (par['tp'] as number | null) ?? 1;
    const pp = (par['pp'] as number | null) ?? 1;
    const dp = (par['dp'] as number | null) ?? 1;
    const cp = (par['cp'] as number | null) ?? 1;
    if (par['tp'] != null && par['pp'] != null && par['dp'] != null && par['cp'] != null) {
      if (tp * pp * dp * cp !== gpus) {
        fail('parallelism', `tp·pp·dp·cp = ${tp * pp * dp * cp} must equal cluster.gpus = ${gpus}`);
      }
    }
    if (par['pp'] != null && pp > layers) fail('parallelism.pp', 'must not exceed model.layers');
    const moe = m['moe'] as { experts?: number } | null | undefined;
    const ep = par['ep'] as number | null | undefined;
    const etp = (par['etp'] as number | null | undefined) ?? 1;
    if (moe && ep != null) {
      if ((moe.experts ?? 1) % ep !== 0) fail('parallelism.ep', 'must divide model.moe.experts');
      if (
        par['tp'] != null &&
        par['dp'] != null &&
        par['cp'] != null &&
        (tp * cp * dp) % (ep * etp) !== 0
      ) {
        fail('parallelism.ep', `ep·etp = ${ep * etp} must divide tp·cp·dp = ${tp * cp * dp}`);
      }
    }
    if (par['tp'] != null && heads % tp !== 0) fail('parallelism.tp', 'must divide model.heads');
  }
  return input as TrainingInput;
}
