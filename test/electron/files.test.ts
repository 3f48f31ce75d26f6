import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFileCapped, writeFileAtomic } from '../../electron/files';

describe('writeFileAtomic', () => {
  it('writes the file, keeps the previous version as .bak and leaves no temp files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-files-'));
    const target = path.join(dir, 'plan.json');
    await writeFileAtomic(target, 'one');
    expect(await readFile(target, 'utf8')).toBe('one');
    await writeFileAtomic(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect(await readFile(`${target}.bak`, 'utf8')).toBe('one');
    expect((await readdir(dir)).sort()).toEqual(['plan.json', 'plan.json.bak']);
  });

  it('serialises concurrent saves to one path: the last one queued wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-files-'));
    const target = path.join(dir, 'plan.json');
    await Promise.all(Array.from({ length: 20 }, (_, i) => writeFileAtomic(target, `v${i}`)));
    expect(await readFile(target, 'utf8')).toBe('v19');
  });
});

describe('readTextFileCapped', () => {
  it('reads small files and names the file when it is too large', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-files-'));
    const small = path.join(dir, 'small.json');
    await writeFile(small, '{"a":1}');
    expect(await readTextFileCapped(small)).toBe('{"a":1}');
    const big = path.join(dir, 'big.json');
    await writeFile(big, Buffer.alloc(21 * 1024 * 1024, 32));
    await expect(readTextFileCapped(big)).rejects.toThrow(/big\.json is \d+ bytes/);
  });
});
