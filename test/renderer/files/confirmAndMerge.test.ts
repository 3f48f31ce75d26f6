import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serializeScenarioFile } from '../../../model/files';
import {
  addScenariosFromFile,
  newFileConfirmed,
  openFile,
  type AskUnsaved,
} from '../../../renderer/features/files/fileCommands';
import { askUnsaved, pendingUnsavedQuestion } from '../../../renderer/features/files/unsavedPrompt';
import { useAppStore } from '../../../renderer/store';
import { selectDirty } from '../../../renderer/store/fileSlice';
import { MAX_SCENARIOS } from '../../../renderer/workspace/workspace';
import { fakeApi } from './fakeApi';

function example(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}
const IB = example('pretrain-llama3-70b-1024xh100-ib.json');
const SERVE = example('serving-llama3-70b-8xh100-fp8.json');
const FILE = serializeScenarioFile([IB, SERVE], 1);

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));

const names = () => useAppStore.getState().history.present.scenarios.map((s) => s.doc['name']);
const opened = (contents: string, fileName = 'other.json') =>
  vi.fn(() => Promise.resolve({ fileName, filePath: `/d/${fileName}`, contents }));
const makeDirty = () => {
  const s = useAppStore.getState();
  s.rename(s.history.present.scenarios[0]!.id, 'Edited build');
  expect(selectDirty(useAppStore.getState())).toBe(true);
};

describe('Add scenarios from file merges into the workspace', () => {
  it('adds the file’s scenarios after the open ones; the current file and baseline stay', async () => {
    const before = useAppStore.getState();
    const api = fakeApi({ openScenarioFile: opened(FILE) });
    expect(await addScenariosFromFile(api, useAppStore)).toBe(2);
    const s = useAppStore.getState();
    expect(names()).toEqual([
      ...before.history.present.scenarios.map((x) => x.doc['name']),
      `${String(IB['name'])} (2)`,
      SERVE['name'],
    ]);
    expect(s.history.present.baselineId).toBe(before.history.present.baselineId);
    expect(s.currentFile).toBe(before.currentFile);
    expect(s.notice?.text).toBe('Added 2 scenarios from other.json. Ctrl+Z takes them out.');
    // Not put on the recent list (the workspace did not become that file).
    expect(api.addRecentFile).not.toHaveBeenCalled();
    s.undo();
    expect(useAppStore.getState().history.present).toBe(before.history.present);
  });

  it('stops at the limit and says how many did not fit; a bad file adds nothing', async () => {
    const many = serializeScenarioFile(
      Array.from({ length: MAX_SCENARIOS }, (_, i) => ({ ...IB, name: `B${i}` })),
      0,
    );
    const open = useAppStore.getState().history.present.scenarios.length;
    expect(
      await addScenariosFromFile(fakeApi({ openScenarioFile: opened(many) }), useAppStore),
    ).toBe(MAX_SCENARIOS - open);
    expect(useAppStore.getState().notice?.text).toMatch(
      new RegExp(`; ${open} more did not fit \\(at most 24 open at once\\)`),
    );
    const full = useAppStore.getState().history.present;
    expect(
      await addScenariosFromFile(fakeApi({ openScenarioFile: opened(FILE) }), useAppStore),
    ).toBe(0);
    expect(useAppStore.getState().notice?.text).toMatch(/24 scenarios are open, the most at once/);
    expect(useAppStore.getState().history.present).toBe(full);
    expect(
      await addScenariosFromFile(fakeApi({ openScenarioFile: opened('{"a":') }), useAppStore),
    ).toBe(0);
    expect(useAppStore.getState().notice?.kind).toBe('error');
    expect(useAppStore.getState().history.present).toBe(full);
  });
});

describe('New and Open ask before replacing unsaved work', () => {
  it('with nothing unsaved they do not ask', async () => {
    const ask = vi.fn<AskUnsaved>();
    expect(await newFileConfirmed(fakeApi(), useAppStore, ask)).toBe(true);
    expect(
      await openFile(fakeApi({ openScenarioFile: opened(FILE) }), useAppStore, undefined, ask),
    ).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('Cancel keeps everything; Don’t save replaces; Save saves first and then replaces', async () => {
    makeDirty();
    const edited = useAppStore.getState().history.present;
    const cancel = vi.fn<AskUnsaved>(() => Promise.resolve('cancel'));
    expect(await newFileConfirmed(fakeApi(), useAppStore, cancel)).toBe(false);
    const api = fakeApi({ openScenarioFile: opened(FILE) });
    expect(await openFile(api, useAppStore, undefined, cancel)).toBe(false);
    expect(cancel).toHaveBeenLastCalledWith({ opening: 'other.json' });
    expect(useAppStore.getState().history.present).toBe(edited);
    expect(api.addRecentFile).not.toHaveBeenCalled();

    // A file that does not read asks nothing and changes nothing.
    const never = vi.fn<AskUnsaved>();
    expect(
      await openFile(fakeApi({ openScenarioFile: opened('{"a":') }), useAppStore, undefined, never),
    ).toBe(false);
    expect(never).not.toHaveBeenCalled();

    // Save, but the Save As dialog is cancelled: nothing is replaced.
    const save = vi.fn<AskUnsaved>(() => Promise.resolve('save'));
    expect(await newFileConfirmed(fakeApi(), useAppStore, save)).toBe(false);
    expect(useAppStore.getState().history.present).toBe(edited);

    // Save that writes the file: then New goes ahead.
    const saving = fakeApi({
      saveScenarioFile: vi.fn(() =>
        Promise.resolve({ saved: true as const, fileName: 'mine.json', filePath: '/d/mine.json' }),
      ),
    });
    expect(await newFileConfirmed(saving, useAppStore, save)).toBe(true);
    expect(saving.saveScenarioFile).toHaveBeenCalledTimes(1);
    expect(names()).toHaveLength(1);
    expect(selectDirty(useAppStore.getState())).toBe(false);

    makeDirty();
    const discard = vi.fn<AskUnsaved>(() => Promise.resolve('discard'));
    expect(
      await openFile(fakeApi({ openScenarioFile: opened(FILE) }), useAppStore, undefined, discard),
    ).toBe(true);
    expect(names()).toEqual([IB['name'], SERVE['name']]);
  });

  it('the app’s question is answered once; a second one while it is open is cancelled', async () => {
    expect(pendingUnsavedQuestion()).toBeNull();
    const first = askUnsaved({ opening: 'x.json' });
    expect(pendingUnsavedQuestion()?.opening).toBe('x.json');
    expect(await askUnsaved({ opening: null })).toBe('cancel');
    pendingUnsavedQuestion()!.answer('discard');
    expect(await first).toBe('discard');
    expect(pendingUnsavedQuestion()).toBeNull();
  });
});
