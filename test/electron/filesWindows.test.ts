/**
 * Windows refuses to fsync a directory (EPERM: a directory cannot be opened for writing there).
 * The save has already written, fsynced and renamed the file by then, so it must not be
 * reported as failed: the directory fsync is best-effort where the platform refuses it. The
 * refusal is simulated by making every directory handle's sync() throw EPERM.
 */
import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const refused = vi.hoisted(() => ({ count: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (...args: Parameters<typeof actual.open>) => {
    const handle = await actual.open(...args);
    if ((await handle.stat()).isDirectory()) {
      handle.sync = () => {
        refused.count += 1;
        return Promise.reject(
          Object.assign(new Error('EPERM: operation not permitted, fsync'), {
            code: 'EPERM',
          }),
        );
      };
    }
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

describe('saves where the directory cannot be fsynced (Windows)', () => {
  it('scenario saves, exports and the shell’s own files report success', async () => {
    const { writeFileAtomic } = await import('../../electron/files');
    const { createShellStore } = await import('../../electron/shellStore');
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-win-'));
    const target = path.join(dir, 'plan.json');
    await expect(writeFileAtomic(target, 'one')).resolves.toBeUndefined();
    await expect(writeFileAtomic(target, 'two')).resolves.toBeUndefined();
    await expect(
      writeFileAtomic(path.join(dir, 'x.csv'), 'a,b\n', { backup: false }),
    ).resolves.toBeUndefined();
    const store = createShellStore(dir);
    await expect(store.addRecent(target)).resolves.toHaveLength(1);
    await expect(
      store.saveWindowState({ x: 0, y: 0, width: 800, height: 600, maximized: false }),
    ).resolves.toBeUndefined();
    await expect(store.writeRecovery('unsaved')).resolves.toBeUndefined();
    expect(await readFile(target, 'utf8')).toBe('two');
    expect(await readFile(`${target}.bak`, 'utf8')).toBe('one');
    expect(refused.count).toBeGreaterThanOrEqual(6);
  });

  it('other fsync errors still fail the save', async () => {
    const { fsyncDirectory } = await import('../../electron/files');
    await expect(fsyncDirectory(path.join(tmpdir(), 'no-such-dir-cp'))).rejects.toThrow(/ENOENT/);
  });
});
