import { useEffect } from 'react';
import { MenuButton, type MenuSection } from '../../components/ui';
import type { DesktopApi } from '../../../electron/contract';
import { hasNativeMenu, useDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';
import { selectDirty } from '../../store/fileSlice';
import { focusInfoOf } from '../help/shortcuts';
import { addScenariosFromFile, newFileConfirmed, openFile, saveFile } from './fileCommands';
import { fileShortcutFor, runMenuCommand, type MenuActions } from './menuCommands';
import { RecoveryDialog } from './RecoveryDialog';
import { askUnsaved, useUnsavedQuestion } from './unsavedPrompt';
import { useDocumentSync, useRecoveryOffer } from './useDocumentSync';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import './files.css';

function menuActions(api: DesktopApi): MenuActions {
  return {
    // New and Open ask first when they would replace unsaved work.
    newFile: () => void newFileConfirmed(api, useAppStore, askUnsaved),
    open: (filePath) => openFile(api, useAppStore, filePath, askUnsaved),
    addFromFile: () => addScenariosFromFile(api, useAppStore),
    save: (saveAs) => saveFile(api, useAppStore, { saveAs }),
    closeWindow: () => api.closeWindow(),
    exportAs: (format) => {
      // The report screen runs it once loaded (the request waits in the store meanwhile).
      useAppStore.getState().requestExport(format);
      useAppStore.getState().setPage('report');
    },
    undoRedo: (which) => {
      const focus = focusInfoOf(document.activeElement);
      // A field with uncommitted typing undoes its own text first (as Ctrl+Z does there).
      if (focus.editable && focus.dirty) document.execCommand(which);
      else if (which === 'undo') useAppStore.getState().undo();
      else useAppStore.getState().redo();
    },
    // The help panel opens on F1; cancelable so only one listener acts on it (as for a real key).
    showShortcuts: () =>
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F1', cancelable: true })),
  };
}

/**
 * The document's effects, mounted ONCE by the app shell: the desktop menu's commands, the browser's file shortcuts, the
 * recent list, autosave to the recovery copy, and the start-up offer to restore it.
 */
export function FileShell() {
  const api = useDesktopApi();
  const recovery = useRecoveryOffer(api);
  useDocumentSync(api, recovery.checked && recovery.record === null);

  const question = useUnsavedQuestion();

  // A plain browser asks before a reload or a closed tab loses unsaved work (the desktop shell
  // asks in its close handler, electron/document.ts; there beforeunload would only block).
  useEffect(() => {
    if (hasNativeMenu()) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!selectDirty(useAppStore.getState())) return;
      e.preventDefault();
      // Older Chromium asks only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  useEffect(() => {
    const actions = menuActions(api);
    const unsubscribe = api.onMenuCommand((command) => void runMenuCommand(command, actions));
    void api.getRecentFiles().then(
      (files) => useAppStore.getState().setRecentFiles(files),
      () => undefined,
    );
    // The desktop menu's accelerators handle these keys there; a browser needs its own.
    if (hasNativeMenu()) return unsubscribe;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const shortcut = fileShortcutFor(e);
      if (shortcut === null) return;
      e.preventDefault();
      if (shortcut === 'open') void actions.open();
      else void actions.save(shortcut === 'saveAs');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      unsubscribe();
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [api]);

  return (
    <>
      <RecoveryDialog
        record={recovery.record}
        onRestore={recovery.restore}
        onDiscard={recovery.discard}
      />
      {question ? <UnsavedChangesDialog question={question} /> : null}
    </>
  );
}

/**
 * The File menu in the header (New, Open…, recent files, Save, Save as…) and the document name
 * with its unsaved-changes marker. Renders only; the effects live in FileShell.
 */
export function FileActions() {
  const api = useDesktopApi();
  const fileName = useAppStore((s) => s.currentFile?.fileName ?? null);
  const dirty = useAppStore(selectDirty);
  const recent = useAppStore((s) => s.recentFiles);

  function onAction(k: string) {
    const actions = menuActions(api);
    if (k === 'new') actions.newFile();
    else if (k === 'open') void actions.open();
    else if (k === 'addFromFile') void actions.addFromFile();
    else if (k === 'save') void actions.save(false);
    else if (k === 'saveAs') void actions.save(true);
    else if (k === 'export:pdf' || k === 'export:xlsx' || k === 'export:csv')
      actions.exportAs(k.slice('export:'.length) as 'pdf' | 'xlsx' | 'csv');
    else if (k.startsWith('recent:')) void actions.open(k.slice('recent:'.length));
  }

  const sections: MenuSection[] = [
    {
      items: [
        { id: 'new', label: 'New' },
        { id: 'open', label: 'Open…', shortcut: 'Ctrl+O' },
        { id: 'addFromFile', label: 'Add scenarios from file…' },
        { id: 'save', label: 'Save', shortcut: 'Ctrl+S' },
        { id: 'saveAs', label: 'Save as…', shortcut: 'Shift+Ctrl+S' },
      ],
    },
    {
      title: 'Export',
      items: [
        { id: 'export:pdf', label: 'Export PDF…' },
        { id: 'export:xlsx', label: 'Export XLSX…' },
        { id: 'export:csv', label: 'Export CSV…' },
      ],
    },
    {
      title: 'Recent files',
      items:
        recent.length === 0
          ? [{ id: 'none', label: 'None yet', isDisabled: true }]
          : recent.map((f) => ({ id: `recent:${f.filePath}`, label: f.fileName })),
    },
  ];

  return (
    <div className="file-bar">
      <MenuButton
        label="File ▾"
        menuLabel="File"
        className="btn file-menu-button"
        menuClassName="file-menu-popover"
        itemClassName="file-menu-item"
        sections={sections}
        onAction={onAction}
      />
      <span className="file-doc" data-testid="document-name" title={fileName ?? 'Untitled'}>
        {fileName ?? 'Untitled'}
        {dirty ? (
          <>
            <span className="file-dirty" aria-hidden="true">
              •
            </span>
            <span className="visually-hidden"> (unsaved changes)</span>
          </>
        ) : null}
      </span>
    </div>
  );
}
