import { useEffect, useState } from 'react';
import { Button, Modal } from '../../components/ui';
import { useAppStore } from '../../store';
import { focusInfoOf, shortcutFor, SHORTCUTS } from './shortcuts';
import './help.css';

/**
 * The help panel (F1, "?" or the Help button) listing the keyboard shortcuts, and the global
 * shortcut handler itself (undo/redo of every workspace edit), mounted once by the app shell.
 */
export function HelpPanel() {
  const [open, setOpen] = useState(false);
  const undo = useAppStore((s) => s.undo);
  const redo = useAppStore((s) => s.redo);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented) return;
      const action = shortcutFor(e, focusInfoOf(document.activeElement));
      if (action === null) return;
      e.preventDefault();
      if (action === 'help') setOpen(true);
      else if (action === 'undo') undo();
      else redo();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);

  return (
    <>
      <Button
        className="btn help-button"
        onPress={() => setOpen(true)}
        aria-keyshortcuts="F1"
        data-testid="help-button"
      >
        Help <span aria-hidden="true">(F1)</span>
      </Button>
      <Modal
        isOpen={open}
        onOpenChange={setOpen}
        isDismissable
        className="help-modal"
        aria-labelledby="help-title"
      >
        <div className="help-dialog">
          <h2 id="help-title" className="help-title">
            Keyboard shortcuts
          </h2>
          <p className="help-lead">
            Every control is reachable with the keyboard; the focused one is outlined. Every edit of
            a scenario can be undone.
          </p>
          <table className="help-table" data-testid="shortcut-list">
            <thead>
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.keys}>
                  <td>
                    <kbd>{s.keys}</kbd>
                  </td>
                  <td>{s.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="help-actions">
            <Button className="btn" onPress={() => setOpen(false)} data-autofocus>
              Close
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
