import { describe, expect, it } from 'vitest';
import { checkpointBytesPerParameter, checkpointCost } from '../../../model/storage';
import type { CheckpointInput } from '../../../model/storage';

function input(over: Partial<CheckpointInput>): CheckpointInput {
  return {
    parameterCount: 1e9,
    bytesPerParameter: 14,
    gpus: 8,
    nodes: 1,
    mode: 'sync',
    tierWriteBytesPerS: 1e9,
    tierReadBytesPerS: 2e9,
    perNodeBytesPerS: 40e9,
    deviceToHostBytesPerSPerGpu: 25e9,
    ...over,
  };
}

describe('checkpoint size and write time', () => {
  it('bytes per parameter by optimizer', () => {
    expect(checkpointBytesPerParameter('adam-mixed')).toBe(14);
    expect(checkpointBytesPerParameter('adam-fp32')).toBe(12);
    expect(checkpointBytesPerParameter('sgd-momentum-mixed')).toBe(10);
    expect(checkpointBytesPerParameter('weights-only-16bit')).toBe(2);
  });

  it('hand-checked: 1B params, Adam mixed, 1 GB/s tier', () => {
    const r = checkpointCost(input({}));
    expect(r.sizeBytes).toBe(14e9);
    expect(r.writeS).toBeCloseTo(14, 12);
    expect(r.deviceToHostS).toBeCloseTo(14e9 / 8 / 25e9, 12); // 0.07 s
    expect(r.blockingS).toBeCloseTo(14.07, 12);
    expect(r.persistS).toBe(0);
    expect(r.loadS).toBeCloseTo(7, 12);
  });

  it('asynchronous two-stage blocks only for the device→host copy', () => {
    const r = checkpointCost(input({ mode: 'async' }));
    expect(r.blockingS).toBeCloseTo(0.07, 12);
    expect(r.persistS).toBeCloseTo(14, 12);
    expect(r.hostMemoryBytesPerNode).toBe(14e9);
  });

  it('node links limit the write when the tier is faster', () => {
    const r = checkpointCost(input({ tierWriteBytesPerS: 100e9, perNodeBytesPerS: 10e9 }));
    expect(r.writeLimit).toBe('node-links');
    expect(r.writeS).toBeCloseTo(1.4, 12);
  });

  it('anchor: Megatron-LM 1T (1008B params) ≈ 13.8 TB written in ≈ 50.5 s at 273 GB/s', () => {
    // Narayanan et al. SC'21 §5.10: 13.8 TB checkpoint, saved at 273 GB/s (40 % of peak
    // write) on 384 DGX A100 nodes, each with 2 × 200 Gb/s storage HCAs (50 GB/s).
    const r = checkpointCost(
      input({
        parameterCount: 1008e9,
        gpus: 3072,
        nodes: 384,
        tierWriteBytesPerS: 273e9,
        tierReadBytesPerS: 1e12,
        perNodeBytesPerS: 50e9,
      }),
    );
    expect(r.sizeBytes / 1e12).toBeCloseTo(14.11, 2);
    expect(Math.abs(r.sizeBytes / 13.8e12 - 1)).toBeLessThan(0.05);
    expect(Math.abs(r.writeS / 50.5 - 1)).toBeLessThan(0.05);
    // load at the published 1 TB/s peak read: ≈ 14 s
    expect(Math.abs(r.loadS / 13.8 - 1)).toBeLessThan(0.05);
  });

  it('anchor: BLOOM-176B checkpoint ≈ 2.3 TB (14 bytes/param), ≈ 40 s at the implied 57.5 GB/s', () => {
    // BigScience tr11 README: 2.3 TB per checkpoint, saved in about 40 s. The storage
    // bandwidth is not published; 57.5 GB/s is implied by the same two numbers, so only the
    // size is an independent check here (176e9 × 14 = 2.46 TB, +7 %).
    const r = checkpointCost(
      input({ parameterCount: 176e9, gpus: 384, nodes: 48, tierWriteBytesPerS: 57.5e9 }),
    );
    expect(Math.abs(r.sizeBytes / 2.3e12 - 1)).toBeLessThan(0.1);
    expect(Math.abs(r.writeS / 40 - 1)).toBeLessThan(0.1);
  });

  it('rejects invalid inputs naming the field', () => {
    expect(() => checkpointCost(input({ tierWriteBytesPerS: 0 }))).toThrow(/tierWriteBytesPerS/);
    expect(() => checkpointCost(input({ gpus: Number.NaN }))).toThrow(/gpus/);
  });
});
