import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');

async function ruleIds(code: string, file: string): Promise<(string | null)[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

const bare = "import { ipcMain } from 'electron';\nipcMain.handle('clusterplan:x', () => 1);\n";

describe('IPC registration rule', () => {
  it('forbids bare ipcMain.handle/on outside electron/ipc.ts', async () => {
    expect(await ruleIds(bare, 'electron/main.ts')).toContain('no-restricted-syntax');
    expect(
      await ruleIds(bare.replace('ipcMain.handle', 'ipcMain.on'), 'electron/other.ts'),
    ).toContain('no-restricted-syntax');
  });

  it('allows it in the validated wrapper', async () => {
    expect(await ruleIds(bare, 'electron/ipc.ts')).not.toContain('no-restricted-syntax');
  });
});
