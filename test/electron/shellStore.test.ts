import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addRecentFile,
  parseRecentFiles,
  RECENT_LIMIT,
  removeRecentFile,
} from '../../electron/recent';
import {
  createShellStore,
  RECENT_FILE,
  RECOVERY_FILE,
  WINDOW_STATE_FILE,
} from '../../electron/shellStore';

const dirOf = () => mkdtemp(path.join(tmpdir(), 'cp-shell-'));

describe('recent list', () => {
  it('adds newest first, moves a reopened file up, caps the length', () => {
    let list = addRecentFile([], '/d/a.json');
    list = addRecentFile(list, '/d/b.json');
    list = addRecentFile(list, '/d/a.json');
    expect(list).toEqual([
      { filePath: '/d/a.json', fileName: 'a.json' },
      { filePath: '/d/b.json', fileName: 'b.json' },
    ]);
    for (let i = 0; i < 20; i++) list = addRecentFile(list, `/d/${i}.json`);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(removeRecentFile(list, '/d/19.json')[0]?.filePath).toBe('/d/18.json');
  });

  it('reads back only valid, absolute, distinct entries', () => {
    expect(parseRecentFiles('nope')).toEqual([]);
    expect(
      parseRecentFiles([
        { filePath: '/d/a.json', fileName: 'a.json' },
        { filePath: 'relative.json', fileName: 'r' },
        { filePath: '/d/a.json', fileName: 'dup' },
        { filePath: 3, fileName: 'x' },
        { filePath: '/d/\0.json', fileName: 'nul' },
        null,
      ]),
    ).toEqual([{ filePath: '/d/a.json', fileName: 'a.json' }]);
  });
});

describe('shell store (userData)', () => {
  it('persists the recent list atomically and reloads it; only listed or picked paths are granted', async () => {
    const dir = await dirOf();
    const store = createShellStore(dir);
    expect(await store.loadRecent()).toEqual([]);
    await store.addRecent('/d/a.json');
    expect(store.isGranted('/d/a.json')).toBe(true);
    expect(store.isGranted('/d/other.json')).toBe(false);
    expect(store.isGranted('/d/../d/a.json')).toBe(true);
    expect(store.isGranted('a.json')).toBe(false);
    store.grant('/d/picked.json');
    expect(store.isGranted('/d/picked.json')).toBe(true);

    const next = createShellStore(dir);
    expect(await next.loadRecent()).toEqual([{ filePath: '/d/a.json', fileName: 'a.json' }]);
    expect(next.isGranted('/d/a.json')).toBe(true);
    expect(next.isGranted('/d/picked.json')).toBe(false);
    await next.clearRecent();
    expect(JSON.parse(await readFile(path.join(dir, RECENT_FILE), 'utf8'))).toEqual([]);
    expect(next.isGranted('/d/a.json')).toBe(false);
  });

  it('survives a corrupt recent.json and window-state.json', async () => {
    const dir = await dirOf();
    await writeFile(path.join(dir, RECENT_FILE), '{{{');
    await writeFile(path.join(dir, WINDOW_STATE_FILE), '{"x":"left"}');
    const store = createShellStore(dir);
    expect(await store.loadRecent()).toEqual([]);
    expect(await store.loadWindowState()).toBeNull();
  });

  it('saves and restores window state', async () => {
    const dir = await dirOf();
    const store = createShellStore(dir);
    expect(await store.loadWindowState()).toBeNull();
    const state = { x: 5, y: 6, width: 1400, height: 900, maximized: true, fullScreen: false };
    await store.saveWindowState(state);
    expect(await createShellStore(dir).loadWindowState()).toEqual(state);
  });

  it('writes, reads and clears the recovery copy (no .bak left to bring it back)', async () => {
    const dir = await dirOf();
    const store = createShellStore(dir);
    expect(await store.readRecovery()).toEqual([]);
    await store.writeRecovery('one');
    await store.writeRecovery('two');
    // The newest copy first, then the one before it (offered when the newest does not read).
    expect(await store.readRecovery()).toEqual(['two', 'one']);
    await store.clearRecovery();
    expect(await store.readRecovery()).toEqual([]);
    expect((await readdir(dir)).filter((f) => f.startsWith(RECOVERY_FILE))).toEqual([]);
  });
});
