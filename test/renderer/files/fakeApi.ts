import { vi } from 'vitest';
import type { DesktopApi, MenuCommand } from '../../../electron/contract';

/** A DesktopApi whose every method is a spy; scenario-file methods answer from the options. */
export function fakeApi(overrides: Partial<DesktopApi> = {}): DesktopApi & {
  menuListeners: ((c: MenuCommand) => void)[];
} {
  const menuListeners: ((c: MenuCommand) => void)[] = [];
  return {
    menuListeners,
    getAppInfo: vi.fn(() => Promise.resolve({ name: 'ClusterPlan', version: 't', shell: 'Test' })),
    saveTextFile: vi.fn(() => Promise.resolve({ saved: false })),
    openTextFile: vi.fn(() => Promise.resolve(null)),
    openExternal: vi.fn(() => Promise.resolve(false)),
    saveBinaryFile: vi.fn(() => Promise.resolve({ saved: false })),
    saveXlsxFile: vi.fn(() => Promise.resolve({ saved: false })),
    openScenarioFile: vi.fn(() => Promise.resolve(null)),
    addRecentFile: vi.fn(() => Promise.resolve()),
    saveScenarioFile: vi.fn(() => Promise.resolve({ saved: false as const })),
    getRecentFiles: vi.fn(() => Promise.resolve([])),
    setDocumentState: vi.fn(() => Promise.resolve()),
    closeWindow: vi.fn(() => Promise.resolve()),
    writeRecovery: vi.fn(() => Promise.resolve()),
    readRecovery: vi.fn(() => Promise.resolve([] as readonly string[])),
    clearRecovery: vi.fn(() => Promise.resolve()),
    onMenuCommand: vi.fn((listener: (c: MenuCommand) => void) => {
      menuListeners.push(listener);
      return () => {
        menuListeners.splice(menuListeners.indexOf(listener), 1);
      };
    }),
    ...overrides,
  };
}
