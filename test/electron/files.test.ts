import {
  chmod,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFileCapped, removeOrphanTemps, writeFileAtomic } from '../../electron/files';

const posix = process.platform !== 'win32';
const tempDir = () => mkdtemp(path.join(tmpdir(), 'cp-files-'));

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

  it.runIf(posix)('keeps the permissions of the file it replaces (0600 stays 0600)', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'secret-plan.json');
    await writeFile(target, 'one');
    await chmod(target, 0o600);
    await writeFileAtomic(target, 'two');
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readFile(target, 'utf8')).toBe('two');
  });

  it.runIf(posix)('writes through a symlink to its target; the link stays a link', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'real'));
    const real = path.join(dir, 'real', 'plan.json');
    await writeFile(real, 'one');
    const linkPath = path.join(dir, 'plan.json');
    await symlink(real, linkPath);
    await writeFileAtomic(linkPath, 'two');
    expect((await lstat(linkPath)).isSymbolicLink()).toBe(true);
    expect(await readlink(linkPath)).toBe(real);
    expect(await readFile(real, 'utf8')).toBe('two');
    expect(await readFile(`${real}.bak`, 'utf8')).toBe('one');
    expect((await readdir(dir)).sort()).toEqual(['plan.json', 'real']);
  });

  it('a .bak that cannot be replaced does not block the save', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'plan.json');
    await writeFile(target, 'one');
    // A folder (with a file in it) where the .bak would go: it cannot be renamed over.
    await mkdir(`${target}.bak`);
    await writeFile(path.join(`${target}.bak`, 'keep'), 'x');
    await writeFileAtomic(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect((await readdir(dir)).sort()).toEqual(['plan.json', 'plan.json.bak']);
  });

  it('exports keep no .bak; bytes are written as given', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'r.xlsx');
    await writeFile(target, 'old');
    await writeFileAtomic(target, new Uint8Array([80, 75, 3, 4]), { backup: false });
    expect([...(await readFile(target))]).toEqual([80, 75, 3, 4]);
    expect(await readdir(dir)).toEqual(['r.xlsx']);
  });

  it('removes temp files a killed save left (their process is gone), not those of a live one', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'plan.json');
    await writeFile(target, 'one');
    const dead = '.plan.json.4194305.7.tmp';
    const deadBak = '.plan.json.bak.4194305.8.tmp';
    const live = `.plan.json.${process.ppid}.1.tmp`; // the parent process is running
    const other = '.other.json.4194305.1.tmp';
    for (const f of [dead, deadBak, live, other]) await writeFile(path.join(dir, f), 'x');
    await writeFileAtomic(target, 'two');
    expect((await readdir(dir)).sort()).toEqual([live, other, 'plan.json', 'plan.json.bak'].sort());
    expect(await removeOrphanTemps(dir, 'plan.json')).toEqual([]);
  });

  it('a save killed after linking the .bak (it is the file itself) leaves no temp at the next save', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'plan.json');
    await writeFile(target, 'one');
    // What a kill between keeping the .bak and the rename leaves: .bak is a link to plan.json.
    await link(target, `${target}.bak`);
    await writeFileAtomic(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect(await readFile(`${target}.bak`, 'utf8')).toBe('one');
    expect((await readdir(dir)).sort()).toEqual(['plan.json', 'plan.json.bak']);
  });

  it('a process id reused by a running process does not keep a killed save’s temp file', async () => {
    const dir = await tempDir();
    // Written a day and more ago by a process with the id of one running now: an orphan.
    const stale = `.plan.json.${process.ppid}.9.tmp`;
    await writeFile(path.join(dir, stale), 'x');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(path.join(dir, stale), old, old);
    expect(await removeOrphanTemps(dir, 'plan.json')).toEqual([stale]);
  });

  it.runIf(process.platform === 'linux')(
    'on Linux, a running process that started after the temp file was written is not its owner',
    async () => {
      const dir = await tempDir();
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
      try {
        await new Promise((r) => setTimeout(r, 100));
        const name = `.plan.json.${child.pid}.1.tmp`;
        await writeFile(path.join(dir, name), 'x');
        const hourAgo = new Date(Date.now() - 3600 * 1000);
        await utimes(path.join(dir, name), hourAgo, hourAgo);
        expect(await removeOrphanTemps(dir, 'plan.json')).toEqual([name]);
        // Written after the process started: it may still be writing it.
        const fresh = `.plan.json.${child.pid}.2.tmp`;
        await writeFile(path.join(dir, fresh), 'x');
        expect(await removeOrphanTemps(dir, 'plan.json')).toEqual([]);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});

describe('readTextFileCapped', () => {
  it('reads small files and names the file when it is too large', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-files-'));
    const small = path.join(dir, 'small.json');
    await writeFile(small, '{"a":1}');
    expect(await readTextFileCapped(small)).toBe('{"a":1}');
    const big = path.join(dir, 'big.json');
    await writeFile(big, Buffer.alloc(21 * 1024 * 1024, 32));
    await expect(readTextFileCapped(big)).rejects.toThrow(
      'big.json is too large (21.0 MB); ClusterPlan opens files up to 4.0 MB',
    );
    await expect(readTextFileCapped(dir)).rejects.toThrow(/not a regular file/);
  });
});
