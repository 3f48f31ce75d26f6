import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecovery, serializeScenarioFile } from '../../../model/files';
import {
  DEFAULT_FILE_NAME,
  newFile,
  openFile,
  openFileContents,
  recoveryText,
  restoreRecovery,
  saveFile,
  workspaceFileText,
} from '../../../renderer/features/files/fileCommands';
import { useAppStore } from '../../../renderer/store';
import { selectDirty } from '../../../renderer/store/fileSlice';
import { fakeApi } from './fakeApi';

function example(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}
const IB = example('pretrain-llama3-70b-1024xh100-ib.json');
const ROCE = example('pretrain-llama3-70b-1024xh100-roce.json');
const VALID = serializeScenarioFile([IB, ROCE], 1);

const initial = useAppStore.getState();
beforeEach(() => {
  useAppStore.setState(initial, true);
});

function names(): string[] {
  return useAppStore.getState().history.present.scenarios.map((s) => String(s.doc['name']));
}

describe('dirty state', () => {
  it('starts clean, an edit makes it dirty, undo back to the saved state is clean again', () => {
    expect(selectDirty(useAppStore.getState())).toBe(false);
    const id = useAppStore.getState().history.present.scenarios[0]!.id;
    useAppStore.getState().rename(id, 'changed');
    expect(selectDirty(useAppStore.getState())).toBe(true);
    useAppStore.getState().undo();
    expect(selectDirty(useAppStore.getState())).toBe(false);
  });
});

describe('open', () => {
  it('opens a valid file: scenarios, baseline, current file, clean', () => {
    const ok = openFileContents(useAppStore, {
      fileName: 'plan.json',
      filePath: '/p/plan.json',
      contents: VALID,
    });
    expect(ok).toBe(true);
    const s = useAppStore.getState();
    expect(names()).toEqual([IB['name'], ROCE['name']]);
    expect(s.history.present.baselineId).toBe(s.history.present.scenarios[1]!.id);
    expect(s.currentFile).toEqual({ fileName: 'plan.json', filePath: '/p/plan.json' });
    expect(selectDirty(s)).toBe(false);
    expect(s.notice?.text).toMatch(/Opened plan\.json \(2 scenarios\)/);
  });

  it('10,000 random and mutated files never throw and, when refused, change nothing open', () => {
    const numbers = [...VALID.matchAll(/\d+(\.\d+)?/g)].map((m) => m.index);
    const truncated = fc.nat(VALID.length).map((n) => VALID.slice(0, n));
    const spliced = fc
      .tuple(fc.nat(VALID.length), fc.nat(VALID.length), fc.string({ maxLength: 12 }))
      .map(([i, j, s]) => VALID.slice(0, Math.min(i, j)) + s + VALID.slice(Math.max(i, j)));
    const wrongType = fc
      .tuple(fc.constantFrom(...numbers), fc.jsonValue())
      .map(
        ([at, v]) =>
          VALID.slice(0, at) + JSON.stringify(v) + VALID.slice(at).replace(/^[\d.]+/, ''),
      );
    const hugeNumber = fc
      .tuple(
        fc.constantFrom(...numbers),
        fc.constantFrom('1e400', '-1e400', '9'.repeat(400), '1e308'),
      )
      .map(([at, n]) => VALID.slice(0, at) + n + VALID.slice(at).replace(/^[\d.]+/, ''));
    const hostileKey = fc
      .tuple(
        fc.constantFrom(...[...VALID.matchAll(/\{/g)].map((m) => m.index)),
        fc.constantFrom('__proto__', 'constructor', 'prototype'),
      )
      .map(
        ([at, key]) => `${VALID.slice(0, at + 1)}"${key}":{"polluted":1},${VALID.slice(at + 1)}`,
      );
    const deep = fc
      .integer({ min: 60, max: 5000 })
      .map((d) =>
        VALID.replace('"scenarios": [', `"scenarios": [${'['.repeat(d)}${']'.repeat(d)},`),
      );
    let refused = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          truncated,
          spliced,
          wrongType,
          hugeNumber,
          hostileKey,
          deep,
          fc.json(),
          fc.string(),
        ),
        (contents) => {
          const before = useAppStore.getState();
          const ok = openFileContents(useAppStore, {
            fileName: 'x.json',
            filePath: '/p/x.json',
            contents,
          });
          const after = useAppStore.getState();
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
          if (ok) {
            expect(after.currentFile?.fileName).toBe('x.json');
            expect(selectDirty(after)).toBe(false);
            return;
          }
          refused++;
          expect(after.history).toBe(before.history);
          expect(after.currentFile).toBe(before.currentFile);
          expect(after.savedWorkspace).toBe(before.savedWorkspace);
          expect(after.activeId).toBe(before.activeId);
          expect(after.notice?.kind).toBe('error');
          expect(after.notice?.text).toMatch(/^x\.json was not opened: ./);
        },
      ),
      { numRuns: 10_000 },
    );
    // The generators mostly produce broken files (otherwise this tests little).
    expect(refused).toBeGreaterThan(7000);
  });

  it('a file that opens joins the recent list; one that is refused does not', async () => {
    const good = readFileSync(
      new URL('../../fixtures/scenario-files/v1.json', import.meta.url),
      'utf8',
    );
    const api = fakeApi({
      openScenarioFile: vi
        .fn()
        .mockResolvedValueOnce({ fileName: 'g.json', filePath: '/d/g.json', contents: good })
        .mockResolvedValueOnce({ fileName: 'b.json', filePath: '/d/b.json', contents: '{"a":' }),
    });
    expect(await openFile(api, useAppStore)).toBe(true);
    expect(await openFile(api, useAppStore)).toBe(false);
    expect(api.addRecentFile).toHaveBeenCalledTimes(1);
    expect(api.addRecentFile).toHaveBeenCalledWith({ filePath: '/d/g.json' });
  });

  it('Open through the shell: cancel does nothing, a failure shows one notice', async () => {
    const before = useAppStore.getState().history;
    const api = fakeApi();
    expect(await openFile(api, useAppStore)).toBe(false);
    expect(useAppStore.getState().history).toBe(before);
    const failing = fakeApi({
      openScenarioFile: vi.fn(() => Promise.reject(new Error('filePath: not on the recent list'))),
    });
    expect(await openFile(failing, useAppStore, '/elsewhere.json')).toBe(false);
    expect(failing.openScenarioFile).toHaveBeenCalledWith({ filePath: '/elsewhere.json' });
    expect(useAppStore.getState().notice?.text).toMatch(/not on the recent list/);
    expect(useAppStore.getState().history).toBe(before);
    // The recent list is refreshed after every open attempt.
    expect(failing.getRecentFiles).toHaveBeenCalled();
  });
});

describe('undo across a file switch', () => {
  it('undo of an Open brings back the previous file and its unsaved state; redo the opened one', () => {
    const a = { fileName: 'a.json', filePath: '/d/a.json' };
    const b = { fileName: 'b.json', filePath: '/d/b.json' };
    openFileContents(useAppStore, { ...a, contents: VALID });
    useAppStore.getState().rename(useAppStore.getState().history.present.scenarios[0]!.id, 'edit');
    openFileContents(useAppStore, { ...b, contents: serializeScenarioFile([ROCE], 0) });
    const state = () => useAppStore.getState();
    expect([state().currentFile, selectDirty(state())]).toEqual([b, false]);
    state().undo();
    // Back to A's edited scenarios: Save must go to a.json, and they are still unsaved.
    expect([state().currentFile, selectDirty(state()), names()[0]]).toEqual([a, true, 'edit']);
    state().undo();
    expect([state().currentFile, selectDirty(state())]).toEqual([a, false]);
    state().redo();
    state().redo();
    expect([state().currentFile, selectDirty(state()), names()]).toEqual([
      b,
      false,
      [ROCE['name']],
    ]);
    // A new edit after an undo drops the switch that could have been redone.
    state().undo();
    state().rename(state().history.present.scenarios[0]!.id, 'branch');
    expect(state().currentFile).toEqual(a);
    expect(state().canRedo()).toBe(false);
    expect(state().undoneFileSwitches).toEqual([]);
  });

  it('New and a restored copy are switches too', () => {
    const a = { fileName: 'a.json', filePath: '/d/a.json' };
    openFileContents(useAppStore, { ...a, contents: VALID });
    newFile(useAppStore);
    expect(useAppStore.getState().currentFile).toBeNull();
    useAppStore.getState().undo();
    expect(useAppStore.getState().currentFile).toEqual(a);
    expect(selectDirty(useAppStore.getState())).toBe(false);
  });
});

describe('save', () => {
  it('Save of an untitled workspace asks where (no filePath); then Save goes to that file', async () => {
    const api = fakeApi({
      saveScenarioFile: vi.fn(() =>
        Promise.resolve({ saved: true as const, fileName: 'a.json', filePath: '/d/a.json' }),
      ),
    });
    const id = useAppStore.getState().history.present.scenarios[0]!.id;
    useAppStore.getState().rename(id, 'edited');
    expect(await saveFile(api, useAppStore, { saveAs: false })).toBe(true);
    expect(api.saveScenarioFile).toHaveBeenLastCalledWith({
      suggestedName: DEFAULT_FILE_NAME,
      contents: workspaceFileText(useAppStore.getState()),
    });
    const s = useAppStore.getState();
    expect(s.currentFile).toEqual({ fileName: 'a.json', filePath: '/d/a.json' });
    expect(selectDirty(s)).toBe(false);
    expect(api.clearRecovery).toHaveBeenCalledTimes(1);

    useAppStore.getState().rename(id, 'edited again');
    await saveFile(api, useAppStore, { saveAs: false });
    expect(api.saveScenarioFile).toHaveBeenLastCalledWith(
      expect.objectContaining({ filePath: '/d/a.json', suggestedName: 'a.json' }),
    );
    // Save As never passes the path: the shell asks.
    await saveFile(api, useAppStore, { saveAs: true });
    expect(vi.mocked(api.saveScenarioFile).mock.lastCall?.[0]).not.toHaveProperty('filePath');
    // What was saved reads back as the open workspace.
    const saved = vi.mocked(api.saveScenarioFile).mock.lastCall?.[0].contents ?? '';
    useAppStore.setState(initial, true);
    openFileContents(useAppStore, { fileName: 'a.json', filePath: '/d/a.json', contents: saved });
    expect(names()[0]).toBe('edited again');
  });

  it('a cancelled or failed save leaves the workspace unsaved', async () => {
    const id = useAppStore.getState().history.present.scenarios[0]!.id;
    useAppStore.getState().rename(id, 'edited');
    expect(await saveFile(fakeApi(), useAppStore, { saveAs: true })).toBe(false);
    expect(selectDirty(useAppStore.getState())).toBe(true);
    const failing = fakeApi({
      saveScenarioFile: vi.fn(() => Promise.reject(new Error('disk full'))),
    });
    expect(await saveFile(failing, useAppStore, { saveAs: false })).toBe(false);
    expect(selectDirty(useAppStore.getState())).toBe(true);
    expect(useAppStore.getState().notice).toEqual({
      kind: 'error',
      text: 'Could not save: disk full',
    });
    expect(failing.clearRecovery).not.toHaveBeenCalled();
  });

  it('an edit made while the save is in flight stays unsaved', async () => {
    let finish: (v: { saved: true; fileName: string; filePath: string }) => void = () => undefined;
    const api = fakeApi({
      saveScenarioFile: vi.fn(
        () =>
          new Promise<{ saved: true; fileName: string; filePath: string }>((r) => {
            finish = r;
          }),
      ),
    });
    const id = useAppStore.getState().history.present.scenarios[0]!.id;
    const pending = saveFile(api, useAppStore, { saveAs: false });
    useAppStore.getState().rename(id, 'typed during save');
    finish({ saved: true, fileName: 'a.json', filePath: '/d/a.json' });
    await pending;
    expect(useAppStore.getState().currentFile?.fileName).toBe('a.json');
    expect(selectDirty(useAppStore.getState())).toBe(true);
  });
});

describe('new and recovery', () => {
  it('New: one untitled, clean scenario; undo brings the previous ones back', () => {
    const before = names();
    useAppStore.getState().markSaved({ fileName: 'a.json', filePath: '/d/a.json' });
    newFile(useAppStore);
    expect(names()).toHaveLength(1);
    expect(useAppStore.getState().currentFile).toBeNull();
    expect(selectDirty(useAppStore.getState())).toBe(false);
    useAppStore.getState().undo();
    expect(names()).toEqual(before);
  });

  it('the recovery copy restores the drafts, the baseline and the file, marked unsaved', () => {
    const id = useAppStore.getState().history.present.scenarios[1]!.id;
    useAppStore.getState().rename(id, 'draft');
    useAppStore.getState().markBaseline(id);
    useAppStore.setState({ currentFile: { fileName: 'a.json', filePath: '/d/a.json' } });
    const copy = recoveryText(useAppStore.getState(), '2026-11-22T01:00:00.000Z');
    const r = readRecovery(copy);
    expect(r.ok && r.record.baseline).toBe(1);
    const edited = names();

    useAppStore.setState(initial, true);
    expect(restoreRecovery(useAppStore, copy)).toBe(true);
    const s = useAppStore.getState();
    expect(names()).toEqual(edited);
    expect(s.history.present.baselineId).toBe(s.history.present.scenarios[1]!.id);
    expect(s.currentFile).toEqual({ fileName: 'a.json', filePath: '/d/a.json' });
    expect(selectDirty(s)).toBe(true);
  });

  it('a broken recovery copy changes nothing', () => {
    const before = useAppStore.getState().history;
    expect(restoreRecovery(useAppStore, '{"format":"clusterplan-recovery"')).toBe(false);
    expect(useAppStore.getState().history).toBe(before);
    expect(useAppStore.getState().notice?.kind).toBe('error');
  });
});
