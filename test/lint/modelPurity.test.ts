/**
 * The engine (model/) stays pure, enforced twice: ESLint bans UI/platform/Node imports and
 * clocks, timers and unseeded randomness; model/tsconfig.json has no DOM or Node types, so such
 * globals do not even type-check. These tests prove both enforcers bite.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');

async function lintAsModel(code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/consistent-type-imports': 'off',
        '@typescript-eslint/no-unused-vars': 'off',
        '@typescript-eslint/no-unused-expressions': 'off',
        'no-unused-vars': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'model', 'probe.ts') });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('ESLint purity rules for model/', () => {
  it.each([
    ["import React from 'react';", 'no-restricted-imports'],
    ["import { app } from 'electron';", 'no-restricted-imports'],
    ["import { create } from 'zustand';", 'no-restricted-imports'],
    ["import { LineChart } from 'recharts';", 'no-restricted-imports'],
    ["import { readFileSync } from 'node:fs';", 'no-restricted-imports'],
    ["import path from 'path';", 'no-restricted-imports'],
    ["import { App } from '../renderer/App';", 'no-restricted-imports'],
    ["import { x } from '../electron/main';", 'no-restricted-imports'],
    ['export const t = Date.now();', 'no-restricted-globals'],
    ['export const d = new Date();', 'no-restricted-globals'],
    ['export const r = Math.random();', 'no-restricted-properties'],
    ['setTimeout(() => 1, 10);', 'no-restricted-globals'],
    ['setInterval(() => 1, 10);', 'no-restricted-globals'],
    ['export const w = window.innerWidth;', 'no-restricted-globals'],
    ["export const f = fetch('x');", 'no-restricted-globals'],
  ])('rejects %s', async (code, rule) => {
    const messages = await lintAsModel(code);
    expect(messages.some((m) => m.startsWith(rule))).toBe(true);
  });

  it('accepts plain engine code', async () => {
    const messages = await lintAsModel(
      "import { z } from 'zod';\nexport function twice(n: number): number {\n  return z.number().parse(n) * 2;\n}\n",
    );
    expect(messages).toEqual([]);
  });
});

describe('model/tsconfig.json', () => {
  function diagnosticsFor(code: string): string[] {
    const configPath = path.join(ROOT, 'model', 'tsconfig.json');
    const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath));
    const probe = path.join(ROOT, 'model', '__probe__.ts');
    const host = ts.createCompilerHost(parsed.options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) =>
      path.resolve(name) === probe
        ? ts.createSourceFile(name, code, version)
        : getSourceFile(name, version, ...rest);
    host.fileExists = (
      (exists) => (name: string) =>
        path.resolve(name) === probe || exists(name)
    )(host.fileExists.bind(host));
    const program = ts.createProgram([probe], parsed.options, host);
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && path.resolve(d.file.fileName) === probe)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('has no DOM or Node globals', () => {
    const messages = diagnosticsFor(
      'export const a = document.title;\nexport const b = process.cwd();\nexport const c = Buffer.from("x");\n',
    );
    expect(messages.some((m) => m.includes("Cannot find name 'document'"))).toBe(true);
    expect(messages.some((m) => m.includes("Cannot find name 'process'"))).toBe(true);
    expect(messages.some((m) => m.includes("Cannot find name 'Buffer'"))).toBe(true);
  });

  it('compiles plain ES2022 code', () => {
    expect(diagnosticsFor('export const m = new Map<string, number>([["a", 1]]);\n')).toEqual([]);
  });
});
