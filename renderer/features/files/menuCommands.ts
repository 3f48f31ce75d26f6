/**
 * What each application-menu command does in the renderer, and the file shortcuts of the
 * browser shell (which has no native menu). Pure dispatch over injected actions, unit-tested.
 */
import type { MenuCommand } from '../../../electron/contract';

export type MenuActions = {
  readonly newFile: () => void;
  readonly open: (filePath?: string) => Promise<boolean>;
  /** Add a file's scenarios to the open ones (merge, not replace). */
  readonly addFromFile: () => Promise<number>;
  readonly save: (saveAs: boolean) => Promise<boolean>;
  readonly closeWindow: () => Promise<void>;
  readonly exportAs: (format: 'pdf' | 'xlsx' | 'csv') => void;
  /** Undo/redo: the focused field's native undo while it holds uncommitted typing, else the workspace's. */
  readonly undoRedo: (which: 'undo' | 'redo') => void;
  readonly showShortcuts: () => void;
};

/** Run one menu command. */
export async function runMenuCommand(command: MenuCommand, actions: MenuActions): Promise<void> {
  switch (command.command) {
    case 'new':
      actions.newFile();
      return;
    case 'open':
      await actions.open();
      return;
    case 'openRecent':
    case 'openPath':
      // A recent file, or one the system asked the app to open (double-click, second launch).
      if (command.filePath !== undefined) await actions.open(command.filePath);
      return;
    case 'addFromFile':
      await actions.addFromFile();
      return;
    case 'save':
      await actions.save(false);
      return;
    case 'saveAs':
      await actions.save(true);
      return;
    case 'saveThenClose':
      // The close prompt's "Save": close only once the file is really written.
      if (await actions.save(false)) await actions.closeWindow();
      return;
    case 'exportPdf':
      actions.exportAs('pdf');
      return;
    case 'exportXlsx':
      actions.exportAs('xlsx');
      return;
    case 'exportCsv':
      actions.exportAs('csv');
      return;
    case 'undo':
    case 'redo':
      actions.undoRedo(command.command);
      return;
    case 'shortcuts':
      actions.showShortcuts();
      return;
  }
}

export type FileShortcut = 'open' | 'save' | 'saveAs' | null;

/**
 * File shortcut of a key press in the browser shell: Ctrl/⌘+O open, Ctrl/⌘+S save,
 * Shift+Ctrl/⌘+S save as. (In the desktop shell the menu's accelerators do this.)
 */
export function fileShortcutFor(e: {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}): FileShortcut {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 's') return e.shiftKey ? 'saveAs' : 'save';
  if (k === 'o' && !e.shiftKey) return 'open';
  return null;
}
