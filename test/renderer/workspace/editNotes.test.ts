import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../renderer/store';
import { getIn } from '../../../renderer/features/scenarios/schemaFields';

const initialState = useAppStore.getState();
beforeEach(() => useAppStore.setState(initialState, true));

const GPUS = ['cluster', 'compute', 'gpus'];
const docOf = (id: string) =>
  useAppStore.getState().history.present.scenarios.find((s) => s.id === id)!.doc;

describe('store: an edit with its follow-on changes is one undoable step', () => {
  it('setField rescales the layout, records the notes, and one undo takes it all back', () => {
    const s = useAppStore.getState();
    const id = s.activeId!;
    s.setField(id, GPUS, 2048);
    expect(getIn(docOf(id), ['workload', 'parallelism', 'dp'])).toBe(64);
    expect(useAppStore.getState().editNotes?.notes[0]?.text).toMatch(/DP\) 32 → 64/);
    useAppStore.getState().undo();
    expect(getIn(docOf(id), GPUS)).toBe(1024);
    expect(getIn(docOf(id), ['workload', 'parallelism', 'dp'])).toBe(32);
    expect(useAppStore.getState().editNotes).toBeNull();
  });

  it('setFieldOnly changes the one field; the next edit clears a notice and the notes', () => {
    const s = useAppStore.getState();
    const id = s.activeId!;
    s.setFieldOnly(id, ['cluster', 'compute', 'acceleratorId'], 'gb200');
    expect(getIn(docOf(id), ['cluster', 'compute', 'gpusPerNode'])).toBe(8);
    s.setField(id, ['cluster', 'compute', 'acceleratorId'], 'h100-sxm');
    s.setField(id, ['cluster', 'compute', 'acceleratorId'], 'gb200');
    expect(useAppStore.getState().editNotes).not.toBeNull();
    s.showNotice({ kind: 'info', text: 'saved' });
    s.setField(id, ['workload', 'training', 'globalBatchSeqs'], 2048);
    expect(useAppStore.getState().notice).toBeNull();
    expect(useAppStore.getState().editNotes).toBeNull();
  });
});
