import { describe, expect, it, vi } from 'vitest';
import { parseMenuCommand, type MenuCommand } from '../../electron/channels';
import {
  buildMenuTemplate,
  MENU_RECENT_LIMIT,
  toElectronTemplate,
  type MenuItemSpec,
} from '../../electron/menu';

const recent = [
  { fileName: 'a.json', filePath: '/one/a.json' },
  { fileName: 'b & c.json', filePath: '/two/b & c.json' },
  { fileName: 'a.json', filePath: '/three/a.json' },
];

function menu(platform: string, isDev = false, files = recent) {
  return buildMenuTemplate({ platform, isDev, appName: 'ClusterPlan', recent: files });
}

function flatten(items: readonly MenuItemSpec[]): MenuItemSpec[] {
  return items.flatMap((i) => (i.kind === 'submenu' ? [i, ...flatten(i.items)] : [i]));
}

function submenu(items: readonly MenuItemSpec[], label: string): readonly MenuItemSpec[] {
  const found = items.find((i) => i.kind === 'submenu' && i.label.replace('&', '') === label);
  if (!found || found.kind !== 'submenu') throw new Error(`no ${label} menu`);
  return found.items;
}

function labels(items: readonly MenuItemSpec[]): string[] {
  return items.map((i) =>
    i.kind === 'separator'
      ? '---'
      : i.kind === 'role'
        ? (i.label ?? i.role).replace(/&(?!&)/g, '')
        : i.label.replace(/&(?!&)/g, ''),
  );
}

describe('application menu', () => {
  it('Windows/Linux: File, Edit, View, Help with the usual items', () => {
    const m = menu('linux');
    expect(labels(m)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(labels(submenu(m, 'File'))).toEqual([
      'New',
      'Open…',
      'Open Recent',
      'Add Scenarios from File…',
      '---',
      'Save',
      'Save As…',
      '---',
      'Export',
      '---',
      'Exit',
    ]);
    expect(labels(submenu(m, 'Edit'))).toEqual([
      'Undo',
      'Redo',
      '---',
      'Cut',
      'Copy',
      'Paste',
      '---',
      'Select All',
    ]);
    expect(labels(submenu(m, 'View'))).toEqual([
      'Actual Size',
      'Zoom In',
      'Zoom Out',
      '---',
      'Toggle Full Screen',
    ]);
    expect(labels(submenu(m, 'Help'))).toEqual(['Keyboard Shortcuts', '---', 'About ClusterPlan']);
    expect(labels(submenu(submenu(m, 'File'), 'Export'))).toEqual([
      'PDF Report…',
      'Excel Workbook (XLSX)…',
      'Comparison (CSV)…',
    ]);
  });

  it('macOS: the app menu first (About, Quit), a Window menu, no Exit in File', () => {
    const m = menu('darwin');
    expect(labels(m)).toEqual(['ClusterPlan', 'File', 'Edit', 'View', 'Window', 'Help']);
    const appItems = flatten(submenu(m, 'ClusterPlan'));
    expect(appItems.some((i) => i.kind === 'role' && i.role === 'quit')).toBe(true);
    expect(labels(submenu(m, 'File'))).not.toContain('Exit');
    expect(
      flatten(submenu(m, 'Edit')).find((i) => i.kind === 'command' && i.label.includes('Redo')),
    ).toMatchObject({ accelerator: 'Shift+Cmd+Z' });
  });

  it('offers Reload and the developer tools only in development', () => {
    const roles = (items: readonly MenuItemSpec[]) =>
      flatten(items).flatMap((i) => (i.kind === 'role' ? [i.role] : []));
    for (const platform of ['linux', 'win32', 'darwin']) {
      expect(roles(menu(platform, false))).not.toContain('reload');
      expect(roles(menu(platform, false))).not.toContain('toggleDevTools');
      expect(roles(menu(platform, true))).toContain('reload');
    }
  });

  it('every command is one the renderer accepts, and accelerators are unique', () => {
    for (const platform of ['linux', 'win32', 'darwin']) {
      const items = flatten(menu(platform, true));
      for (const i of items) {
        if (i.kind === 'command') expect(parseMenuCommand(i.command), i.label).toEqual(i.command);
      }
      const accels = items.flatMap((i) =>
        (i.kind === 'command' || i.kind === 'role') && i.accelerator ? [i.accelerator] : [],
      );
      expect(new Set(accels).size, platform).toBe(accels.length);
      expect(accels).toEqual(
        expect.arrayContaining([
          'CmdOrCtrl+N',
          'CmdOrCtrl+O',
          'CmdOrCtrl+S',
          'CmdOrCtrl+Shift+S',
          'CmdOrCtrl+Z',
        ]),
      );
    }
  });

  it('lists recent files (folder shown when names clash, & escaped) and disables Clear when empty', () => {
    const items = submenu(submenu(menu('linux'), 'File'), 'Open Recent');
    const commands = items.flatMap((i) => (i.kind === 'command' ? [i] : []));
    expect(commands.map((c) => c.label)).toEqual(['/one/a.json', 'b && c.json', '/three/a.json']);
    expect(commands.map((c) => c.command)).toEqual(
      recent.map((f) => ({ command: 'openRecent', filePath: f.filePath })),
    );
    expect(items.find((i) => i.kind === 'main')).toMatchObject({ enabled: true });
    const empty = submenu(submenu(menu('linux', false, []), 'File'), 'Open Recent');
    expect(empty[0]).toEqual({ kind: 'disabled', label: 'No recent files' });
    expect(empty.find((i) => i.kind === 'main')).toMatchObject({ enabled: false });
    const many = Array.from({ length: 30 }, (_, i) => ({
      fileName: `f${i}.json`,
      filePath: `/f${i}.json`,
    }));
    const listed = submenu(submenu(menu('linux', false, many), 'File'), 'Open Recent');
    expect(listed.filter((i) => i.kind === 'command')).toHaveLength(MENU_RECENT_LIMIT);
  });

  it('Electron template: commands send to the renderer, Clear Recent runs in main, roles stay roles', () => {
    const send = vi.fn<(c: MenuCommand) => void>();
    const clearRecent = vi.fn();
    const template = toElectronTemplate(menu('linux'), { send, clearRecent });
    const file = template[0]!.submenu as {
      label?: string;
      click?: () => void;
      submenu?: unknown;
    }[];
    file.find((i) => i.label === '&Save')?.click?.();
    expect(send).toHaveBeenCalledWith({ command: 'save' });
    const openRecent = file.find((i) => i.label === 'Open &Recent')!.submenu as {
      label?: string;
      click?: () => void;
    }[];
    openRecent[0]?.click?.();
    expect(send).toHaveBeenLastCalledWith({ command: 'openRecent', filePath: '/one/a.json' });
    openRecent.find((i) => i.label === 'Clear Recent')?.click?.();
    expect(clearRecent).toHaveBeenCalledTimes(1);
    const edit = template[1]!.submenu as {
      role?: string;
      registerAccelerator?: boolean;
      label?: string;
    }[];
    expect(edit.map((i) => i.role).filter(Boolean)).toEqual(['cut', 'copy', 'paste', 'selectAll']);
    // Undo/redo keys reach the page (its handler knows about fields with uncommitted typing).
    expect(edit.find((i) => i.label === '&Undo')?.registerAccelerator).toBe(false);
  });
});
