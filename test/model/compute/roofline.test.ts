import { describe, expect, it } from 'vitest';
import { getAccelerator } from '../../../model/catalog/accelerators';
import { GEMM_FIXED_S, deviceConstants, gemmTimeS, memoryTimeS } from '../../../model/compute';

const a100 = deviceConstants(getAccelerator('a100-sxm-80gb'), 'bf16');
const h100fp8 = deviceConstants(getAccelerator('h100-sxm'), 'fp8');

describe('device constants', () => {
  it('A100 BF16: MAMF 85.9 % × sustained 0.848 of 312 TFLOP/s', () => {
    expect(a100.gemmFlopsPerS / 1e12).toBeCloseTo(312 * 0.859 * 0.848, 3);
    expect(a100.peakFlopsPerS).toBe(312e12);
  });
  it('FP8 on A100 falls back to the BF16 rate', () => {
    const d = deviceConstants(getAccelerator('a100-sxm-80gb'), 'fp8');
    expect(d.effectivePrecision).toBe('bf16');
    expect(d.peakFlopsPerS).toBe(312e12);
  });
  it('H100 FP8 uses the 1979 TFLOP/s dense peak', () => {
    expect(h100fp8.peakFlopsPerS).toBe(1979e12);
    expect(h100fp8.gemmInputBytes).toBe(1);
  });
  it('B200 FP4 GEMMs reach the measured 58.2 % of 9 PF (cuBLASLt 8192³), not the FP8 fraction', () => {
    const b200 = getAccelerator('b200');
    const fp4 = deviceConstants(b200, 'fp4');
    const fp8 = deviceConstants(b200, 'fp8');
    expect(fp4.peakFlopsPerS).toBe(9000e12);
    expect(fp4.gemmInputBytes).toBe(0.5);
    // 5,239 of 9,000 TFLOP/s against FP8's 3,432.5 of 4,500: FP4 is 1.53× FP8, not 2×.
    expect(fp4.gemmFlopsPerS / fp8.gemmFlopsPerS).toBeCloseTo((9000 * 0.582) / (4500 * 0.763), 6);
    // GB300 (15 PF FP4) takes the same fraction of its own peak.
    const gb300 = deviceConstants(getAccelerator('gb300'), 'fp4');
    expect(gb300.gemmFlopsPerS / gb300.peakFlopsPerS).toBeCloseTo(fp4.gemmFlopsPerS / 9000e12, 9);
  });
  it('80 GB HBM is read as 80 GiB', () => {
    expect(a100.hbmBytes).toBe(80 * 1024 ** 3);
  });
});

describe('GEMM roofline with size-dependent efficiency', () => {
  it('a large GEMM runs at the achievable rate', () => {
    const m = 8192,
      n = 8192,
      k = 8192;
    const t = gemmTimeS(a100, m, n, k);
    expect(t).toBeCloseTo(GEMM_FIXED_S + (2 * m * n * k) / a100.gemmFlopsPerS, 9);
  });
  it('efficiency falls for small GEMMs (fixed kernel cost)', () => {
    const eff = (m: number) => (2 * m * m * m) / gemmTimeS(a100, m, m, m) / a100.peakFlopsPerS;
    expect(eff(256)).toBeLessThan(eff(1024));
    expect(eff(1024)).toBeLessThan(eff(8192));
  });
  it('a skinny (rank-16) GEMM is memory-bound', () => {
    const m = 16384,
      n = 16,
      k = 8192;
    const memBound = 1.5e-6 + ((m * k + k * n) * 2 + m * n * 2) / a100.hbmBytesPerS;
    expect(gemmTimeS(a100, m, n, k)).toBeCloseTo(memBound, 9);
  });
  it('memory-bound kernels stream at the achievable HBM bandwidth', () => {
    expect(memoryTimeS(a100, 1e9, 0)).toBeCloseTo(1e9 / (2.039e12 * 0.85), 9);
  });
});

describe('slowest-GPU pacing', () => {
  it('grows with the GPU count and is 1 for one GPU', async () => {
    const { slowestGpuFactor, GPU_SPEED_SIGMA } = await import('../../../model/compute');
    expect(slowestGpuFactor(1)).toBe(1);
    // 8 GPUs: expected slowest ≈ 1.24σ below the mean (extreme-value approximation).
    expect(slowestGpuFactor(8)).toBeCloseTo(1 / (1 - GPU_SPEED_SIGMA * 1.24), 2);
    expect(slowestGpuFactor(10000)).toBeGreaterThan(slowestGpuFactor(512));
    expect(slowestGpuFactor(100000)).toBeLessThan(1.12);
  });
});
