/**
 * The GEMM-shape curves of model/compute against the GEMMs timed on a real H100 SXM
 * (cli/device/results/h100-sxm-2026-11-26.json, `gemm_table`; method cli/device/power_probe.py):
 * decode and grouped-expert shapes in BF16 and FP8, m = 1…16,384 rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getAccelerator } from '../../../model/catalog/accelerators';
import {
  EAGER_GEMM_LAUNCH_S,
  ELEMENTWISE_FIXED_S,
  GEMM_FIXED_S,
  deviceConstants,
  gemmEfficiency,
  groupedGemmTimeS,
  innerDimFactor,
  rowsFactor,
  TE_GROUPED_GEMM_LAUNCH_S_QUANTIZED,
} from '../../../model/compute/device';

type Row = { dtype: 'bf16' | 'fp8'; m: number; n: number; k: number; us: number };
const table = (
  JSON.parse(
    readFileSync(
      new URL('../../../cli/device/results/h100-sxm-2026-11-26.json', import.meta.url),
      'utf8',
    ),
  ) as { gemm_table: (Row | { error: string })[] }
).gemm_table.filter((r): r is Row => 'us' in r);

const h100 = getAccelerator('h100-sxm');
/** One GEMM on one idle GPU (burst clocks: MAMF without the all-8-busy sustained ratio). */
function predictedUs(r: Row): number {
  const dev = deviceConstants(h100, r.dtype);
  const rate = dev.peakFlopsPerS * gemmEfficiency('h100-sxm')[r.dtype];
  const compute =
    GEMM_FIXED_S + (2 * r.m * r.n * r.k) / (rate * rowsFactor(r.m) * innerDimFactor(r.k));
  const bytes = (r.m * r.k + r.k * r.n) * dev.gemmInputBytes + r.m * r.n * 2;
  const memory = ELEMENTWISE_FIXED_S + bytes / dev.hbmBytesPerS;
  return Math.max(compute, memory, EAGER_GEMM_LAUNCH_S[r.dtype]) * 1e6;
}

describe('GEMM efficiency by shape, against the H100 SXM measurements', () => {
  it('the table holds both precisions and the small and large row counts', () => {
    expect(table.filter((r) => r.dtype === 'bf16').length).toBeGreaterThan(60);
    expect(table.filter((r) => r.dtype === 'fp8').length).toBeGreaterThan(60);
  });
  const logErr = (r: Row) => Math.abs(Math.log(predictedUs(r) / r.us));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const dtype of ['bf16', 'fp8'] as const) {
    it(`${dtype}: compute-bound rows (m ≥ 1,024) within a median 10 %, every row within a factor 1.45`, () => {
      const rows = table.filter((r) => r.dtype === dtype);
      expect(Math.exp(median(rows.filter((r) => r.m >= 1024).map(logErr))) - 1).toBeLessThan(0.1);
      expect(Math.exp(Math.max(...rows.map(logErr)))).toBeLessThan(1.45);
    });
  }
  it('expert shapes reach their large-m rate only at thousands of rows (rows factor)', () => {
    expect(rowsFactor(256)).toBeLessThan(0.75);
    expect(rowsFactor(4096)).toBeGreaterThan(0.99);
  });
});

describe('grouped GEMM launched one GEMM per expert from the host', () => {
  const dev = deviceConstants(h100, 'fp8');
  it('many small experts run at the per-expert pace of TE’s grouped path (FP8: 34 µs each)', () => {
    // 16 local experts of Qwen3-30B-A3B (hidden 2,048, expert 768) with 256 tokens each.
    expect(groupedGemmTimeS(dev, 256, 1536, 2048, 16)).toBeCloseTo(
      16 * TE_GROUPED_GEMM_LAUNCH_S_QUANTIZED,
      9,
    );
    // BF16 grouped GEMMs keep the bare eager launch time.
    const bf16 = deviceConstants(h100, 'bf16');
    expect(groupedGemmTimeS(bf16, 256, 1536, 2048, 16)).toBeCloseTo(
      16 * EAGER_GEMM_LAUNCH_S.bf16,
      9,
    );
  });
  it('large experts stay GPU-bound', () => {
    const t = groupedGemmTimeS(dev, 8192, 4096, 7168, 4);
    expect(t).toBeGreaterThan(4 * TE_GROUPED_GEMM_LAUNCH_S_QUANTIZED * 5);
  });
});
