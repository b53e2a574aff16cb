import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'examples/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    // The core runs anywhere: no VS Code, no Node built-ins. Talk through ports.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/core must not import vscode: add a port.' }],
        patterns: [
          { group: ['node:*'], message: 'src/core must not import node built-ins: add a port.' },
          { group: ['fs', 'path', 'os', 'child_process', 'worker_threads', 'crypto', 'url', 'http', 'https', 'net', 'stream', 'util', 'events', 'zlib'], message: 'src/core must not import node built-ins: add a port.' },
          { group: ['**/node/**', '**/vscode/**', '**/cli/**'], message: 'src/core must not import outer layers.' },
        ],
      }],
    },
  },
  {
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'the webview runs in a browser' }],
        patterns: [{ group: ['node:*', '**/src/core/**', '**/src/node/**', '**/src/vscode/**'], message: 'the webview may import only src/protocol and types' }],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
);
