import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  commit,
  createHistory,
  redo,
  undo,
  type History,
} from '../../../renderer/workspace/history';
import {
  addScenario,
  checkWorkspace,
  deleteScenario,
  duplicateScenario,
  EMPTY_WORKSPACE,
  MAX_SCENARIOS,
  moveScenario,
  renameScenario,
  setBaseline,
  setScenarioField,
  type Workspace,
} from '../../../renderer/workspace/workspace';

const doc = (name: string) => ({ name, cluster: { compute: { gpus: 8 } } });

describe('workspace commands', () => {
  it('adds, names uniquely, duplicates next to the source and keeps a baseline', () => {
    let ws = addScenario(EMPTY_WORKSPACE, 'a', doc('H100'));
    ws = addScenario(ws, 'b', doc('H100'));
    expect(ws.scenarios.map((s) => s.doc.name)).toEqual(['H100', 'H100 (2)']);
    expect(ws.baselineId).toBe('a');
    ws = duplicateScenario(ws, 'a', 'c');
    expect(ws.scenarios.map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(ws.scenarios[1]!.doc.name).toBe('H100 copy');
    ws = deleteScenario(ws, 'a');
    expect(ws.baselineId).toBe('c');
    expect(checkWorkspace(ws)).toBeNull();
  });

  it('sets nested fields without touching other scenarios or the previous state', () => {
    const before = addScenario(addScenario(EMPTY_WORKSPACE, 'a', doc('A')), 'b', doc('B'));
    const after = setScenarioField(before, 'b', ['cluster', 'compute', 'gpus'], 4096);
    expect(after.scenarios[1]!.doc).toEqual({ name: 'B', cluster: { compute: { gpus: 4096 } } });
    expect(before.scenarios[1]!.doc).toEqual(doc('B'));
    expect(after.scenarios[0]).toBe(before.scenarios[0]);
    expect(() => setScenarioField(before, 'a', ['__proto__', 'x'], 1)).toThrow(/refusing/);
  });

  it('refuses a scenario past the limit', () => {
    let ws = EMPTY_WORKSPACE;
    for (let i = 0; i < MAX_SCENARIOS + 2; i++) ws = addScenario(ws, `s${i}`, doc('S'));
    expect(ws.scenarios).toHaveLength(MAX_SCENARIOS);
  });
});

type Cmd = (ws: Workspace, nextId: () => string) => Workspace;

const pickId = (ws: Workspace, i: number): string =>
  ws.scenarios[i % Math.max(1, ws.scenarios.length)]?.id ?? 'none';

const commandArb: fc.Arbitrary<Cmd> = fc.oneof(
  fc.string({ maxLength: 6 }).map(
    (n): Cmd =>
      (ws, id) =>
        addScenario(ws, id(), doc(n || 'S')),
  ),
  fc.nat().map(
    (i): Cmd =>
      (ws, id) =>
        duplicateScenario(ws, pickId(ws, i), id()),
  ),
  fc.tuple(fc.nat(), fc.string({ maxLength: 6 })).map(
    ([i, n]): Cmd =>
      (ws) =>
        renameScenario(ws, pickId(ws, i), n),
  ),
  fc.nat().map(
    (i): Cmd =>
      (ws) =>
        deleteScenario(ws, pickId(ws, i)),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: -2, max: 10 })).map(
    ([i, to]): Cmd =>
      (ws) =>
        moveScenario(ws, pickId(ws, i), to),
  ),
  fc.nat().map(
    (i): Cmd =>
      (ws) =>
        setBaseline(ws, pickId(ws, i)),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: -5, max: 100_000 })).map(
    ([i, v]): Cmd =>
      (ws) =>
        setScenarioField(ws, pickId(ws, i), ['cluster', 'compute', 'gpus'], v),
  ),
);

type Step = { kind: 'cmd'; cmd: Cmd } | { kind: 'undo' } | { kind: 'redo' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: commandArb.map((cmd): Step => ({ kind: 'cmd', cmd })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'undo' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'redo' }) },
);

describe('workspace with undo/redo (model-based)', () => {
  it('any sequence of edits, undos and redos keeps the workspace consistent and reversible', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        let counter = 0;
        const nextId = () => `id${counter++}`;
        let h: History<Workspace> = createHistory(EMPTY_WORKSPACE);
        // The model: the list of states the user can step back through.
        const timeline: Workspace[] = [EMPTY_WORKSPACE];
        let cursor = 0;
        for (const step of steps) {
          if (step.kind === 'cmd') {
            const next = commit(h, step.cmd(h.present, nextId));
            if (next !== h) {
              timeline.splice(cursor + 1, timeline.length, next.present);
              cursor++;
            }
            h = next;
          } else if (step.kind === 'undo') {
            expect(canUndo(h)).toBe(cursor > 0);
            h = undo(h);
            cursor = Math.max(0, cursor - 1);
          } else {
            expect(canRedo(h)).toBe(cursor < timeline.length - 1);
            h = redo(h);
            cursor = Math.min(timeline.length - 1, cursor + 1);
          }
          expect(checkWorkspace(h.present)).toBeNull();
          expect(h.present).toBe(timeline[cursor]);
        }
        // Undo everything: back to the empty workspace; redo everything: back to the end.
        while (canUndo(h)) h = undo(h);
        expect(h.present).toBe(EMPTY_WORKSPACE);
        while (canRedo(h)) h = redo(h);
        expect(h.present).toBe(timeline[timeline.length - 1]);
      }),
      { numRuns: 500 },
    );
  });
});
