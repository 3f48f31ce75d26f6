import { describe, expect, it } from 'vitest';
import {
  ATTN_TILE,
  attentionHeadDimFactor,
  attentionKeysFactor,
  slidingWindowAttention,
} from '../../../model/compute/device';

describe('fused-attention rate at narrow heads (FlashAttention-3 paper, cuDNN on H100)', () => {
  it('head width 64 runs at the measured share of the width-128 rate: 0.72 forward, 0.84 backward', () => {
    // cuDNN forward causal 388 vs 539 TFLOP/s, backward 433 vs 516 (16k tokens, BF16).
    expect(attentionHeadDimFactor(64, 'fwd')).toBeCloseTo(388 / 539, 2);
    expect(attentionHeadDimFactor(64, 'bwd')).toBeCloseTo(433 / 516, 2);
  });
  it('is 1 from width 128 up (cuDNN gains nothing at 256), and rises with the width below it', () => {
    for (const pass of ['fwd', 'bwd'] as const) {
      expect(attentionHeadDimFactor(128, pass)).toBe(1);
      expect(attentionHeadDimFactor(192, pass)).toBe(1);
      expect(attentionHeadDimFactor(32, pass)).toBeLessThan(attentionHeadDimFactor(64, pass));
      expect(attentionHeadDimFactor(96, pass)).toBeGreaterThan(attentionHeadDimFactor(64, pass));
      expect(attentionHeadDimFactor(96, pass)).toBeLessThan(1);
    }
  });
});

describe('sliding-window attention visits whole key tiles around its band', () => {
  it('a window of W keys loads ⌈W/128⌉ + 1 key tiles per query tile', () => {
    expect(slidingWindowAttention(128, 4096).keysVisited).toBe(2 * ATTN_TILE);
    expect(slidingWindowAttention(1, 4096).keysVisited).toBe(2 * ATTN_TILE);
    expect(slidingWindowAttention(129, 4096).keysVisited).toBe(3 * ATTN_TILE);
    expect(slidingWindowAttention(128, 4096).rate).toBeCloseTo(attentionKeysFactor(256), 12);
  });
  it('lies between the useful keys and cuDNN’s measured cost (cudnn-frontend PR #505, S 16,384)', () => {
    // Measured: 791.8 and 1,169.2 µs at windows 511 and 1,023 against 6,447.7 µs unwindowed
    // (8,192 keys per query on average), i.e. the work of 1,006 and 1,485 keys at the full rate.
    for (const [w, measured] of [
      [511, (791.8 / 6447.7) * 8192],
      [1023, (1169.2 / 6447.7) * 8192],
    ] as const) {
      const band = slidingWindowAttention(w, 16384);
      const equivalent = (band.keysVisited / band.rate) * attentionKeysFactor(16384);
      const useful = w - (w * w) / (2 * 16384);
      expect(equivalent).toBeGreaterThan(useful * 1.3);
      expect(equivalent).toBeLessThanOrEqual(measured);
      expect(equivalent).toBeGreaterThan(measured * 0.8);
    }
  });
  it('a window as long as the sequence is plain causal attention', () => {
    const band = slidingWindowAttention(4096, 4096);
    expect(band.keysVisited).toBe(2048);
    expect(band.rate).toBe(attentionKeysFactor(4096));
  });
});
