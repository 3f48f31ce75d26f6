import fc from 'fast-check';
import type { EngineInput } from '../../../model/training/input';

const ACCS = [
  'a100-sxm-80gb',
  'h100-sxm',
  'h200-sxm',
  'b200',
  'gb200',
  'mi300x',
  'gaudi3',
  'l40s',
  'gaudi2',
];

/** Random but consistent training inputs with an explicit layout (tp·pp·dp = gpus). */
export const inputArb: fc.Arbitrary<EngineInput> = fc
  .record({
    acc: fc.constantFrom(...ACCS),
    layersPow: fc.integer({ min: 1, max: 6 }),
    headsPow: fc.integer({ min: 3, max: 6 }),
    headDim: fc.constantFrom(64, 128),
    kvDiv: fc.constantFrom(1, 2, 4, 8),
    swiglu: fc.boolean(),
    moe: fc.boolean(),
    vocab: fc.constantFrom(32000, 50257, 128256),
    seq: fc.constantFrom(1024, 2048, 4096),
    nodesPow: fc.integer({ min: 0, max: 6 }),
    tpPow: fc.integer({ min: 0, max: 3 }),
    ppPow: fc.integer({ min: 0, max: 3 }),
    mb: fc.constantFrom(1, 2, 4),
    m: fc.integer({ min: 1, max: 16 }),
    precision: fc.constantFrom('bf16', 'fp16', 'fp8', 'fp4') as fc.Arbitrary<
      'bf16' | 'fp16' | 'fp8' | 'fp4'
    >,
    recompute: fc.constantFrom('none', 'selective', 'full') as fc.Arbitrary<
      'none' | 'selective' | 'full'
    >,
    zero: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
    lora: fc.boolean(),
    fabric: fc.constantFrom('infiniband', 'roce', 'ethernet') as fc.Arbitrary<
      'infiniband' | 'roce' | 'ethernet'
    >,
    stack: fc.constantFrom('optimized', 'baseline') as fc.Arbitrary<'optimized' | 'baseline'>,
    vpp: fc.constantFrom(1, 2),
  })
  .map((r) => {
    const layers = 2 ** r.layersPow * 2;
    const heads = 2 ** r.headsPow;
    const hidden = heads * r.headDim;
    const gpus = 8 * 2 ** r.nodesPow;
    const tp = Math.min(2 ** r.tpPow, heads);
    const pp = Math.min(2 ** r.ppPow, layers, gpus / tp);
    const dp = gpus / (tp * pp);
    const vpp = pp > 1 && (layers / pp) % r.vpp === 0 ? r.vpp : 1;
    return {
      model: {
        layers,
        hidden,
        heads,
        kvHeads: Math.max(1, heads / r.kvDiv),
        ffnHidden: r.swiglu ? Math.round((8 * hidden) / 3 / 64) * 64 : 4 * hidden,
        ffnType: r.swiglu ? 'swiglu' : 'gelu',
        vocab: r.vocab,
        seqLen: r.seq,
        moe: r.moe ? { experts: 8, topK: 2 } : null,
      },
      training: {
        globalBatchSeqs: dp * r.mb * r.m * pp,
        microBatch: r.mb,
        precision: r.precision,
        recompute: r.recompute,
        finetune: r.lora ? { method: 'lora', rank: 16 } : null,
        tokensToTrain: 1e9,
        optimizer: 'adam',
      },
      parallelism: { tp, pp, dp, cp: 1, vpp, zeroStage: r.zero, sequenceParallel: tp > 1 },
      cluster: {
        acceleratorId: r.acc,
        gpus,
        gpusPerNode: 8,
        nvlinkDomain: 8,
        scaleOut: { fabric: r.fabric, gbpsPerGpu: 400, tiers: null, oversubscription: null },
      },
      stack: r.stack,
    } satisfies EngineInput;
  });
