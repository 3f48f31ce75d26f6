import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as FsPromises from 'node:fs/promises';

// Resolving the save target (lstat, realpath) takes a varying time on a busy disk. Delays in
// reverse call order stand in for that: the last save's lookup answers first.
let delayMs = 0;
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const later =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const wait = delayMs;
      delayMs = Math.max(0, delayMs - 2);
      await new Promise((r) => setTimeout(r, wait));
      return f(...args);
    };
  return { ...fs, lstat: later(fs.lstat), realpath: later(fs.realpath) };
});

const { writeFileAtomic } = await import('../../electron/files');

describe('writeFileAtomic under a slow target lookup', () => {
  it('writes concurrent saves of one path in call order: the last call wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-files-order-'));
    const target = path.join(dir, 'plan.json');
    await writeFileAtomic(target, 'v0');
    delayMs = 40;
    await Promise.all(Array.from({ length: 10 }, (_, i) => writeFileAtomic(target, `v${i + 1}`)));
    expect(await readFile(target, 'utf8')).toBe('v10');
    expect(await readFile(`${target}.bak`, 'utf8')).toBe('v9');
  });
});
