import { Button } from './ui';
import { useAppStore } from '../store';

/** Undo and redo buttons for the workspace history (the same as Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z). */
export function UndoRedo() {
  const canUndo = useAppStore((s) => s.history.past.length > 0);
  const canRedo = useAppStore((s) => s.history.future.length > 0);
  const undo = useAppStore((s) => s.undo);
  const redo = useAppStore((s) => s.redo);
  return (
    <div className="toolbar" role="group" aria-label="History">
      <Button className="btn" onPress={undo} isDisabled={!canUndo} aria-keyshortcuts="Control+Z">
        Undo
      </Button>
      <Button
        className="btn"
        onPress={redo}
        isDisabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
      >
        Redo
      </Button>
    </div>
  );
}
