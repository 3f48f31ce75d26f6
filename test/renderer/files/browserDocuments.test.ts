// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  BROWSER_RECENT_LIMIT,
  createBrowserDocumentApi,
  RECENT_KEY,
  RECOVERY_KEY,
  type KeyValueStorage,
} from '../../../renderer/platform/browserDocuments';

// jsdom's import.meta.url is not a file: URL; tests run from the repository root.
const VALID = readFileSync(path.resolve('test/fixtures/scenario-files/v1.json'), 'utf8');

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function setup(picked: { fileName: string; contents: string } | null = null) {
  const storage = memoryStorage();
  const base = {
    openTextFile: vi.fn(() => Promise.resolve(picked)),
    saveTextFile: vi.fn((r: { suggestedName: string }) =>
      Promise.resolve({ saved: true, fileName: r.suggestedName }),
    ),
  };
  return { storage, base, api: createBrowserDocumentApi(base, storage) };
}

describe('browser scenario documents', () => {
  it('opens through the file input; a file that opens joins the recent list and reopens from it', async () => {
    const { api, base } = setup({ fileName: 'a.json', contents: VALID });
    const opened = await api.openScenarioFile({});
    expect(opened).toEqual({ fileName: 'a.json', filePath: 'browser:a.json', contents: VALID });
    // Listed once the renderer has checked it and says it opened.
    expect(await api.getRecentFiles()).toEqual([]);
    await api.addRecentFile({ filePath: 'browser:a.json' });
    await expect(api.addRecentFile({ filePath: 'browser:never-read.json' })).rejects.toThrow(
      /not a file opened/,
    );
    expect(await api.getRecentFiles()).toEqual([
      { fileName: 'a.json', filePath: 'browser:a.json' },
    ]);
    base.openTextFile.mockClear();
    expect(await api.openScenarioFile({ filePath: 'browser:a.json' })).toEqual(opened);
    expect(base.openTextFile).not.toHaveBeenCalled();
    await expect(api.openScenarioFile({ filePath: 'browser:zzz.json' })).rejects.toThrow(
      /not on the recent list/,
    );
  });

  it('a file that does not open is not listed', async () => {
    const { api } = setup({ fileName: 'bad.json', contents: '{"__proto__":{}}' });
    expect(await api.openScenarioFile({})).toMatchObject({ fileName: 'bad.json' });
    expect(await api.getRecentFiles()).toEqual([]);
  });

  it('Save downloads under the current name, Save As under the suggested one; newest first, capped', async () => {
    const { api, base } = setup();
    await api.saveScenarioFile({ suggestedName: 'new.json', contents: VALID });
    await api.saveScenarioFile({
      suggestedName: 'ignored.json',
      contents: VALID,
      filePath: 'browser:kept.json',
    });
    expect(base.saveTextFile.mock.calls.map((c) => c[0].suggestedName)).toEqual([
      'new.json',
      'kept.json',
    ]);
    for (let i = 0; i < BROWSER_RECENT_LIMIT + 2; i++) {
      await api.saveScenarioFile({ suggestedName: `f${i}.json`, contents: VALID });
    }
    const recent = await api.getRecentFiles();
    expect(recent).toHaveLength(BROWSER_RECENT_LIMIT);
    expect(recent[0]?.fileName).toBe(`f${BROWSER_RECENT_LIMIT + 1}.json`);
  });

  it('keeps the recovery copy in localStorage and tolerates a corrupt recent list', async () => {
    const { api, storage } = setup();
    expect(await api.readRecovery()).toEqual([]);
    await api.writeRecovery({ contents: 'copy' });
    expect(storage.map.get(RECOVERY_KEY)).toBe('copy');
    expect(await api.readRecovery()).toEqual(['copy']);
    await api.clearRecovery();
    expect(await api.readRecovery()).toEqual([]);
    storage.setItem(RECENT_KEY, '{not json');
    expect(await api.getRecentFiles()).toEqual([]);
  });

  it('shows the file name and the unsaved marker in the document title', async () => {
    const { api } = setup();
    await api.setDocumentState({ fileName: 'a.json', dirty: true });
    expect(document.title).toBe('• a.json — ClusterPlan');
    await api.setDocumentState({ fileName: null, dirty: false });
    expect(document.title).toBe('Untitled — ClusterPlan');
  });
});
