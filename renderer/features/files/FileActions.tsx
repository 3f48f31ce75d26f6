import { useEffect } from 'react';
import {
  Button,
  Header,
  Keyboard,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  type Key,
} from 'react-aria-components';
import type { DesktopApi } from '../../../electron/contract';
import { hasNativeMenu, useDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';
import { selectDirty } from '../../store/fileSlice';
import { focusInfoOf } from '../help/shortcuts';
import { newFile, openFile, saveFile } from './fileCommands';
import { fileShortcutFor, runMenuCommand, type MenuActions } from './menuCommands';
import { RecoveryDialog } from './RecoveryDialog';
import { useDocumentSync, useRecoveryOffer } from './useDocumentSync';
import './files.css';

function menuActions(api: DesktopApi): MenuActions {
  return {
    newFile: () => newFile(useAppStore),
    open: (filePath) => openFile(api, useAppStore, filePath),
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
 * The document's effects, mounted ONCE by the app shell outside the navigation tabs (React
 * Aria's Tabs renders its children a second time, hidden, to build its collection, which would
 * run these effects twice): the desktop menu's commands, the browser's file shortcuts, the
 * recent list, autosave to the recovery copy, and the start-up offer to restore it.
 */
export function FileShell() {
  const api = useDesktopApi();
  const recovery = useRecoveryOffer(api);
  useDocumentSync(api, recovery.checked && recovery.record === null);

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
    <RecoveryDialog
      record={recovery.record}
      onRestore={recovery.restore}
      onDiscard={recovery.discard}
    />
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

  function onAction(key: Key) {
    const k = String(key);
    const actions = menuActions(api);
    if (k === 'new') actions.newFile();
    else if (k === 'open') void actions.open();
    else if (k === 'save') void actions.save(false);
    else if (k === 'saveAs') void actions.save(true);
    else if (k === 'export:pdf' || k === 'export:xlsx' || k === 'export:csv')
      actions.exportAs(k.slice('export:'.length) as 'pdf' | 'xlsx' | 'csv');
    else if (k.startsWith('recent:')) void actions.open(k.slice('recent:'.length));
  }

  return (
    <div className="file-bar">
      <MenuTrigger>
        <Button className="btn file-menu-button">File ▾</Button>
        <Popover className="select-popover file-menu-popover">
          <Menu className="select-list" aria-label="File" onAction={onAction}>
            <MenuSection>
              <MenuItem id="new" className="select-item file-menu-item" textValue="New">
                New
              </MenuItem>
              <MenuItem id="open" className="select-item file-menu-item" textValue="Open…">
                Open… <Keyboard>Ctrl+O</Keyboard>
              </MenuItem>
              <MenuItem id="save" className="select-item file-menu-item" textValue="Save">
                Save <Keyboard>Ctrl+S</Keyboard>
              </MenuItem>
              <MenuItem id="saveAs" className="select-item file-menu-item" textValue="Save as…">
                Save as… <Keyboard>Shift+Ctrl+S</Keyboard>
              </MenuItem>
            </MenuSection>
            <Separator />
            <MenuSection aria-label="Export">
              <MenuItem
                id="export:pdf"
                className="select-item file-menu-item"
                textValue="Export PDF…"
              >
                Export PDF…
              </MenuItem>
              <MenuItem
                id="export:xlsx"
                className="select-item file-menu-item"
                textValue="Export XLSX…"
              >
                Export XLSX…
              </MenuItem>
              <MenuItem
                id="export:csv"
                className="select-item file-menu-item"
                textValue="Export CSV…"
              >
                Export CSV…
              </MenuItem>
            </MenuSection>
            <Separator />
            <MenuSection aria-label="Recent files">
              <Header className="file-menu-header">Recent files</Header>
              {recent.length === 0 ? (
                <MenuItem id="none" className="select-item" isDisabled textValue="None yet">
                  None yet
                </MenuItem>
              ) : (
                recent.map((f) => (
                  <MenuItem
                    key={f.filePath}
                    id={`recent:${f.filePath}`}
                    className="select-item"
                    textValue={f.fileName}
                  >
                    {f.fileName}
                  </MenuItem>
                ))
              )}
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
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
