/**
 * The application menu as plain data, built by a pure function (unit-tested without Electron),
 * then turned into Electron's template with click handlers by `toElectronTemplate`.
 * Menu commands for the document (New, Open, Save, Export, Undo, ...) go to the renderer as a
 * validated `MenuCommand` event; roles (Cut, Copy, Paste, zoom, full screen, Quit) are
 * Electron's own. Layout follows the platform conventions (Electron "Menu" docs, macOS app menu
 * first; Windows/Linux Quit at the end of File).
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from './channels';
import type { ScenarioFileRef } from './contract';

/** Electron roles used here (a subset of MenuItemConstructorOptions['role']). */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'windowMenu';

/** Actions the main process runs itself (no renderer involved). */
export type MainAction = 'clearRecent';

export type MenuItemSpec =
  | {
      readonly kind: 'command';
      readonly label: string;
      readonly command: MenuCommand;
      readonly accelerator?: string;
      /** false: show the accelerator but let the key reach the page (the renderer handles it). */
      readonly registerAccelerator?: boolean;
    }
  | {
      readonly kind: 'role';
      readonly role: MenuRole;
      readonly label?: string;
      readonly accelerator?: string;
    }
  | {
      readonly kind: 'main';
      readonly label: string;
      readonly action: MainAction;
      readonly enabled: boolean;
    }
  | { readonly kind: 'disabled'; readonly label: string }
  | { readonly kind: 'separator' }
  | { readonly kind: 'submenu'; readonly label: string; readonly items: readonly MenuItemSpec[] };

export type MenuOptions = {
  /** `process.platform` */
  readonly platform: string;
  /** Development build: View offers Reload and the developer tools. */
  readonly isDev: boolean;
  readonly appName: string;
  /** Recent scenario files, newest first. */
  readonly recent: readonly ScenarioFileRef[];
};

/** Recent files listed in File ▸ Open Recent. */
export const MENU_RECENT_LIMIT = 10;

const SEP: MenuItemSpec = { kind: 'separator' };

function cmd(
  label: string,
  command: MenuCommand['command'],
  accelerator?: string,
  registerAccelerator?: boolean,
): MenuItemSpec {
  return {
    kind: 'command',
    label,
    command: { command },
    ...(accelerator !== undefined ? { accelerator } : {}),
    ...(registerAccelerator !== undefined ? { registerAccelerator } : {}),
  };
}

/** Menu label of a recent file: its name, and the folder when two recent files share a name. */
function recentLabel(file: ScenarioFileRef, all: readonly ScenarioFileRef[]): string {
  const clash = all.filter((f) => f.fileName === file.fileName).length > 1;
  // Menu labels treat `&` as a mnemonic marker on Windows/Linux; double it to show it.
  const label = clash ? file.filePath : file.fileName;
  return label.replace(/&/g, '&&');
}

/**
 * The application menu.
 * @param options - platform, dev mode, app name and the recent files
 * @returns top-level menus, each with its items
 */
export function buildMenuTemplate(options: MenuOptions): readonly MenuItemSpec[] {
  const mac = options.platform === 'darwin';
  const recent = options.recent.slice(0, MENU_RECENT_LIMIT);
  const recentItems: MenuItemSpec[] =
    recent.length === 0
      ? [{ kind: 'disabled', label: 'No recent files' }]
      : recent.map((f) => ({
          kind: 'command',
          label: recentLabel(f, recent),
          command: { command: 'openRecent', filePath: f.filePath },
        }));
  const file: MenuItemSpec = {
    kind: 'submenu',
    label: '&File',
    items: [
      cmd('&New', 'new', 'CmdOrCtrl+N'),
      cmd('&Open…', 'open', 'CmdOrCtrl+O'),
      {
        kind: 'submenu',
        label: 'Open &Recent',
        items: [
          ...recentItems,
          SEP,
          {
            kind: 'main',
            label: 'Clear Recent',
            action: 'clearRecent',
            enabled: recent.length > 0,
          },
        ],
      },
      cmd('&Add Scenarios from File…', 'addFromFile'),
      SEP,
      cmd('&Save', 'save', 'CmdOrCtrl+S'),
      cmd('Save &As…', 'saveAs', 'CmdOrCtrl+Shift+S'),
      SEP,
      {
        kind: 'submenu',
        label: '&Export',
        items: [
          cmd('PDF Report…', 'exportPdf', 'CmdOrCtrl+P'),
          cmd('Excel Workbook (XLSX)…', 'exportXlsx'),
          cmd('Comparison (CSV)…', 'exportCsv'),
        ],
      },
      ...(mac
        ? []
        : [SEP, { kind: 'role', role: 'quit', label: 'E&xit', accelerator: 'Ctrl+Q' } as const]),
    ],
  };
  const edit: MenuItemSpec = {
    kind: 'submenu',
    label: '&Edit',
    items: [
      // The renderer's key handler already does undo/redo (native undo while a field holds
      // uncommitted typing); the menu shows the keys and sends the same command when clicked.
      cmd('&Undo', 'undo', 'CmdOrCtrl+Z', false),
      cmd('&Redo', 'redo', mac ? 'Shift+Cmd+Z' : 'Ctrl+Y', false),
      SEP,
      { kind: 'role', role: 'cut', label: 'Cu&t' },
      { kind: 'role', role: 'copy', label: '&Copy' },
      { kind: 'role', role: 'paste', label: '&Paste' },
      SEP,
      { kind: 'role', role: 'selectAll', label: 'Select &All' },
    ],
  };
  const view: MenuItemSpec = {
    kind: 'submenu',
    label: '&View',
    items: [
      ...(options.isDev
        ? [
            { kind: 'role', role: 'reload' } as const,
            { kind: 'role', role: 'toggleDevTools' } as const,
            SEP,
          ]
        : []),
      { kind: 'role', role: 'resetZoom', label: 'Actual Size' },
      { kind: 'role', role: 'zoomIn', label: 'Zoom In' },
      { kind: 'role', role: 'zoomOut', label: 'Zoom Out' },
      SEP,
      { kind: 'role', role: 'togglefullscreen', label: 'Toggle Full Screen' },
    ],
  };
  const help: MenuItemSpec = {
    kind: 'submenu',
    label: '&Help',
    items: [
      cmd('&Keyboard Shortcuts', 'shortcuts', 'F1', false),
      ...(mac
        ? []
        : [SEP, { kind: 'role', role: 'about', label: `&About ${options.appName}` } as const]),
    ],
  };
  if (!mac) return [file, edit, view, help];
  const appMenu: MenuItemSpec = {
    kind: 'submenu',
    label: options.appName,
    items: [
      { kind: 'role', role: 'about', label: `About ${options.appName}` },
      SEP,
      { kind: 'role', role: 'services' },
      SEP,
      { kind: 'role', role: 'hide' },
      { kind: 'role', role: 'hideOthers' },
      { kind: 'role', role: 'unhide' },
      SEP,
      { kind: 'role', role: 'quit', label: `Quit ${options.appName}`, accelerator: 'Cmd+Q' },
    ],
  };
  const windowMenu: MenuItemSpec = {
    kind: 'submenu',
    label: 'Window',
    items: [{ kind: 'role', role: 'windowMenu' }],
  };
  return [appMenu, file, edit, view, windowMenu, help];
}

export type MenuHandlers = {
  /** Send a command to the focused window's renderer. */
  readonly send: (command: MenuCommand) => void;
  readonly clearRecent: () => void;
};

/** Turn the menu spec into Electron's template, wiring clicks to `handlers`. */
export function toElectronTemplate(
  items: readonly MenuItemSpec[],
  handlers: MenuHandlers,
): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'separator':
        return { type: 'separator' };
      case 'disabled':
        return { label: item.label, enabled: false };
      case 'submenu':
        return { label: item.label, submenu: toElectronTemplate(item.items, handlers) };
      case 'role':
        return {
          role: item.role,
          ...(item.label !== undefined ? { label: item.label } : {}),
          ...(item.accelerator !== undefined ? { accelerator: item.accelerator } : {}),
        };
      case 'main':
        return {
          label: item.label,
          enabled: item.enabled,
          click: () => {
            if (item.action === 'clearRecent') handlers.clearRecent();
          },
        };
      case 'command':
        return {
          label: item.label,
          ...(item.accelerator !== undefined ? { accelerator: item.accelerator } : {}),
          ...(item.registerAccelerator !== undefined
            ? { registerAccelerator: item.registerAccelerator }
            : {}),
          click: () => handlers.send(item.command),
        };
    }
  });
}
