import { describe, expect, it } from 'vitest';
import { CHANNELS, saveBinaryFileRequestSchema } from '../../electron/contract';

describe('saveBinaryFile request (report exports)', () => {
  it('accepts XLSX or PDF bytes, or a PDF of the print view on A4 or Letter', () => {
    for (const req of [
      { suggestedName: 'r.xlsx', kind: 'xlsx', bytes: new Uint8Array([80, 75]) },
      { suggestedName: 'r.pdf', kind: 'pdf', bytes: new Uint8Array([37]) },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'a4' } },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'letter' } },
    ]) {
      expect(saveBinaryFileRequestSchema.safeParse(req).success).toBe(true);
    }
  });

  it('rejects text for bytes, a print view for XLSX, unknown paper, paths and extra keys', () => {
    for (const req of [
      { suggestedName: 'r.xlsx', kind: 'xlsx', bytes: 'PK' },
      { suggestedName: 'r.xlsx', kind: 'xlsx', printView: { paper: 'a4' } },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'a3' } },
      { suggestedName: '../r.pdf', kind: 'pdf', printView: { paper: 'a4' } },
      { suggestedName: 'r.csv', kind: 'csv', bytes: new Uint8Array(1) },
      { suggestedName: 'r.pdf', kind: 'pdf', printView: { paper: 'a4' }, path: '/tmp/x' },
    ]) {
      expect(saveBinaryFileRequestSchema.safeParse(req).success, JSON.stringify(req)).toBe(false);
    }
  });

  it('has its own channel', () => {
    expect(CHANNELS.saveBinaryFile.channel).toBe('clusterplan:save-binary-file');
  });
});
