import fs from 'node:fs';
import path from 'node:path';

import type { Config } from 'jest';

/** Packages that do not say they are ES modules but load some (msw and its dependencies; @fastify/cookie imports `cookie`). */
const UNDECLARED_ESM = ['msw', '@mswjs', '@open-draft', 'outvariant', 'strict-event-emitter', 'is-node-process', '@fastify/cookie'];

/**
 * Packages published as ES modules ("type": "module"): jest loads CommonJS, so they are transformed,
 * and every other package is loaded as it is.
 */
function esmPackages(): string[] {
  const found: string[] = [...UNDECLARED_ESM];
  const scan = (folder: string, scope = '') => {
    for (const name of fs.readdirSync(folder)) {
      if (name.startsWith('.')) continue;
      const place = path.join(folder, name);
      if (name.startsWith('@')) scan(place, `${name}/`);
      else {
        if (readType(path.join(place, 'package.json')) === 'module') found.push(`${scope}${name}`);
        // A dependency that needed another version than the top-level one has its own copy.
        if (fs.existsSync(path.join(place, 'node_modules'))) scan(path.join(place, 'node_modules'));
      }
    }
  };
  // From the working folder, which is the project's: Node 24 loads this file as an ES module, without __dirname.
  scan(path.join(process.cwd(), 'node_modules'));
  return [...new Set(found)];
}

function readType(file: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { type?: string }).type;
  } catch {
    return undefined;
  }
}

const transformIgnorePatterns = [
  `/node_modules/(?!(${esmPackages()
    .map((name) => name.replace(/[.+]/g, '\\$&'))
    .join('|')})/)`,
];
// The same aliases as tsconfig.json's paths; and Vega's canvas loader without its top-level await
// (jest cannot load that as CommonJS), which only looks for the optional `canvas` package we do not use.
const moduleNameMapper = {
  '^vega-canvas$': '<rootDir>/node_modules/vega-canvas/build/vega-canvas.browser.js',
  // Its CommonJS build is deprecated (and says so on every load); the ES module is transformed like the others.
  '^@extractus/feed-extractor$': '<rootDir>/node_modules/@extractus/feed-extractor/src/main.js',
  '^@/contract$': '<rootDir>/server/contract',
  '^@/contract/(.*)$': '<rootDir>/server/contract/$1',
  '^@/(.*)$': '<rootDir>/src/$1',
};
const transform = {
  '/node_modules/.+\\.m?js$': '<rootDir>/scripts/jestEsmTransform.cjs',
  '^.+\\.(tsx?|jsx?|mjs)$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
} as const;

const config: Config = {
  // A server test's first Markdown, BibTeX or citation starts a worker thread, which loads the pipeline from sources (seconds on a busy machine).
  testTimeout: 20_000,
  projects: [
    {
      displayName: 'spa',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      testMatch: ['<rootDir>/__tests__/spa/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/spa/setup.ts'],
      moduleNameMapper,
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      moduleNameMapper,
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
