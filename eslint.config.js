// Flat ESLint config. Zero warnings allowed (`eslint . --max-warnings=0`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'module',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-electron/**',
      'release/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='ipcMain'][callee.property.name=/^(handle|handleOnce|on|once)$/]",
          message: 'Register IPC only through registerValidatedHandlers() in electron/ipc.ts.',
        },
        {
          selector:
            "MemberExpression[object.object.name='describe'][property.name='only'], MemberExpression[object.name=/^(it|test|describe)$/][property.name='only']",
          message: 'No focused tests.',
        },
      ],
    },
  },
  {
    // TypeScript sources: type-aware rules.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['*.config.ts', 'eslint.config.js'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-exports': [
        'error',
        {
          restrictDefaultExports: {
            direct: true,
            named: true,
            defaultFrom: true,
            namedFrom: true,
            namespaceFrom: true,
          },
        },
      ],
    },
  },
  {
    // The engine is pure: no UI, platform or Node imports, no clocks, timers or unseeded randomness.
    files: ['model/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react', 'react-dom', 'electron', 'zustand', 'recharts', 'playwright-core'].map(
              (name) => ({
                name,
                message: 'model/ is the pure engine: no UI or platform imports.',
              }),
            ),
            ...NODE_BUILTINS.map((name) => ({
              name,
              message: 'model/ may not use Node built-ins.',
            })),
          ],
          patterns: [
            { group: ['node:*'], message: 'model/ may not use Node built-ins.' },
            {
              group: ['react-dom/*', 'zustand/*', 'recharts/*', 'electron/*'],
              message: 'model/ is the pure engine.',
            },
            {
              group: [
                '**/renderer',
                '**/renderer/**',
                '**/electron',
                '**/electron/**',
                '**/cli/**',
                '**/test/**',
              ],
              message: 'model/ may not import from renderer/, electron/, cli/ or test/.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'fetch',
          'setTimeout',
          'setInterval',
          'clearTimeout',
          'clearInterval',
          'setImmediate',
          'requestAnimationFrame',
          'queueMicrotask',
          'process',
          'require',
          'Buffer',
          'performance',
          'navigator',
          'localStorage',
          'Date',
        ].map((name) => ({
          name,
          message: `model/ is deterministic and platform-free: ${name} is not allowed (inject a clock or platform service).`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'model/ uses seeded randomness only (pass an RNG).',
        },
      ],
    },
  },
  {
    // Config files and the Electron IPC wrapper are the only exceptions to their rules.
    files: ['*.config.ts', '*.config.js', 'vite.*.ts'],
    rules: { 'no-restricted-exports': 'off' },
  },
  {
    files: ['electron/ipc.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
