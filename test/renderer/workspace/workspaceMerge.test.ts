import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_SCENARIOS } from '../../../model/files';
import { getIn } from '../../../renderer/features/scenarios/schemaFields';
import { useAppStore } from '../../../renderer/store';
import {
  addScenario,
  checkWorkspace,
  duplicateWithChange,
  EMPTY_WORKSPACE,
  MAX_SCENARIOS,
  mergeScenarios,
} from '../../../renderer/workspace/workspace';

const IB = JSON.parse(
  readFileSync(
    new URL('../../../examples/pretrain-llama3-70b-1024xh100-ib.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;
const GPUS = ['cluster', 'compute', 'gpus'];
const DP = ['workload', 'parallelism', 'dp'];

const initialState = useAppStore.getState();
beforeEach(() => useAppStore.setState(initialState, true));

describe('workspace of up to 24 scenarios', () => {
  it('the limit is 24, shared with the file reader', () => {
    expect(MAX_SCENARIOS).toBe(24);
    expect(MAX_OPEN_SCENARIOS).toBe(MAX_SCENARIOS);
  });

  it('merging adds after the open ones, names uniquely, keeps the baseline, stops at the limit', () => {
    let ws = addScenario(EMPTY_WORKSPACE, 'a', { name: 'Build' });
    ws = addScenario(ws, 'b', { name: 'Other' });
    const docs = [{ name: 'Build' }, { name: 'New' }];
    const r = mergeScenarios(ws, docs, ['m1', 'm2']);
    expect(r.added).toBe(2);
    expect(r.ws.scenarios.map((s) => s.doc.name)).toEqual(['Build', 'Other', 'Build (2)', 'New']);
    expect(r.ws.baselineId).toBe('a');
    expect(checkWorkspace(r.ws)).toBeNull();
    // The documents given are copied, not shared.
    expect(r.ws.scenarios[3]!.doc).not.toBe(docs[1]);

    const many = Array.from({ length: 30 }, (_, i) => ({ name: `S${i}` }));
    const full = mergeScenarios(
      ws,
      many,
      many.map((_, i) => `x${i}`),
    );
    expect(full.added).toBe(MAX_SCENARIOS - 2);
    expect(full.ws.scenarios).toHaveLength(MAX_SCENARIOS);
    expect(mergeScenarios(full.ws, docs, ['y1', 'y2']).added).toBe(0);
    expect(() => mergeScenarios(ws, docs, ['only-one'])).toThrow(/one id per document/);
  });

  it('duplicate-with-change copies, applies the change with its follow-on edits and names the copy', () => {
    const ws = addScenario(EMPTY_WORKSPACE, 'a', IB);
    const r = duplicateWithChange(ws, 'a', 'b', GPUS, 2048, 'IB · GPUs 2,048');
    expect(r.ws.scenarios.map((s) => s.id)).toEqual(['a', 'b']);
    const copy = r.ws.scenarios[1]!.doc;
    expect(copy.name).toBe('IB · GPUs 2,048');
    expect(getIn(copy, GPUS)).toBe(2048);
    // The stated layout follows (DP rescaled), with a note saying so; the original is untouched.
    expect(getIn(copy, DP)).toBe(2 * (getIn(IB, DP) as number));
    expect(r.notes.length).toBeGreaterThan(0);
    expect(r.ws.scenarios[0]!.doc).toBe(ws.scenarios[0]!.doc);
    // "That field only": the layout stays as stated.
    const only = duplicateWithChange(ws, 'a', 'b', GPUS, 2048, 'only', false);
    expect(getIn(only.ws.scenarios[1]!.doc, DP)).toBe(getIn(IB, DP));
    expect(only.notes).toEqual([]);
    // Refused when the workspace is full.
    let full = ws;
    for (let i = 1; i < MAX_SCENARIOS; i++) full = addScenario(full, `f${i}`, { name: `F${i}` });
    expect(duplicateWithChange(full, 'a', 'z', GPUS, 2048, 'x').ws).toBe(full);
  });
});

describe('store: duplicate-with-change and merge are one undoable step each', () => {
  it('duplicateWithChange opens the copy with its notes; one undo removes it', () => {
    const s = useAppStore.getState();
    const source = s.activeId!;
    const before = s.history.present;
    const id = s.duplicateWithChange(source, GPUS, 2048, 'Copy at 2,048');
    expect(id).not.toBeNull();
    const st = useAppStore.getState();
    expect(st.activeId).toBe(id);
    expect(st.editNotes?.scenarioId).toBe(id);
    expect(st.editNotes?.duplicateOf).toEqual({ sourceId: source, name: 'Copy at 2,048' });
    expect(st.history.present.scenarios).toHaveLength(before.scenarios.length + 1);
    st.undo();
    expect(useAppStore.getState().history.present).toBe(before);
  });

  it('addDocs merges as many as fit and activates the first added', () => {
    const s = useAppStore.getState();
    const open = s.history.present.scenarios.length;
    const docs = Array.from({ length: 30 }, (_, i) => ({ ...IB, name: `File ${i}` }));
    expect(s.addDocs(docs)).toBe(MAX_SCENARIOS - open);
    const st = useAppStore.getState();
    expect(st.history.present.scenarios).toHaveLength(MAX_SCENARIOS);
    expect(st.history.present.scenarios[open]!.id).toBe(st.activeId);
    expect(st.history.present.baselineId).toBe(s.history.present.baselineId);
    st.undo();
    expect(useAppStore.getState().history.present.scenarios).toHaveLength(open);
  });
});
