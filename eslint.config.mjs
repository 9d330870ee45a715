import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const contractByAlias = { regex: '^(\\.\\./)+server/contract', message: 'Import the contract from @/contract.' };
const featuresApart = 'Features do not import each other: move shared code to src/lib or src/ui.';
/** A layer rule: these files may not import what the patterns match. */
const restrictImports = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
/** What src/lib and src/ui may not import. The last rule for a file replaces earlier ones, so src/lib's own rule repeats these. */
const belowApp = [
  { regex: '^@/app/|/app/', message: 'src/lib and src/ui do not import src/app: the app composes them.' },
  { regex: '^@/features/|/features/', message: 'src/lib and src/ui do not import features.' },
  contractByAlias,
];
/** A relative import of one of these server folders, from any depth below server/src. */
const serverFolders = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });

/** Who may import what on the server: dependencies point from routes and plugins to services, and from services down. */
const serverZones = [
  {
    target: './server/src/services',
    from: ['./server/src/routes', './server/src/plugins'],
    message: 'Services import no routes or plugins: what a service needs from the app comes in as an argument.',
  },
  {
    target: ['./server/src/storage', './server/src/pages'],
    from: ['./server/src/services', './server/src/plugins'],
    message: 'Storage and pages import no services or plugins: they are handed what they need.',
  },
  {
    target: ['./server/src/!(pages)/**', './server/src/*.ts', './server/contract'],
    from: './src',
    message: 'Only server/src/pages imports the SPA (to render it); shared code lives in server/contract.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'artifacts/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // The SPA reaches the API contract and its own modules through the @/ aliases, not long relative paths.
  restrictImports(['src/**', '__tests__/spa/**'], [contractByAlias], ['src/features/**']),
  // The layers: features never import each other (src/app composes them, shared code lives in src/lib or src/ui).
  restrictImports(['src/features/**'], [{ regex: '^\\.\\./[^.]', message: featuresApart }, { regex: '/features/', message: featuresApart }, contractByAlias]),
  // Shared code stands below the app that composes it, and src/lib below src/ui: components may use state and data, not the other way round.
  restrictImports(['src/ui/**'], belowApp),
  restrictImports(
    ['src/lib/**'],
    [...belowApp, { regex: '^@/ui($|/)|^(\\.\\./)+ui($|/)', message: 'src/lib does not import src/ui: what renders lives in src/ui or src/app.' }],
  ),
  // The server's layers: repositories sit below services, routes and plugins; server/src/lib sits below all of them.
  restrictImports(
    ['server/src/repositories/**'],
    [serverFolders(['services', 'routes', 'plugins'], 'Repositories sit below services, routes and plugins: they import none of them.')],
  ),
  restrictImports(
    ['server/src/lib/**'],
    [
      serverFolders(
        ['plugins', 'routes', 'services', 'repositories'],
        'server/src/lib sits below the rest of the server: it imports no plugins, routes, services or repositories.',
      ),
    ],
  ),
  // A module caught in an import cycle can be used before it has loaded. Type-only imports load nothing and do not count.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the @/ aliases of tsconfig.json the way TypeScript does.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The server's zones, by where an import resolves to (aliases included).
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }],
    },
  },
  // CommonJS files (the webpack loader) load what they need with require.
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Benchmarks are reports: printing is their job.
  { files: ['bench/**'], rules: { 'no-console': 'off' } },
  // Formatting is Prettier's (npm run format); lint leaves it alone.
  prettier,
);
