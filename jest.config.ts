import type { Config } from 'jest';

// msw 2 and jose ship ESM only; ts-jest (allowJs) turns them into CommonJS for jest.
const esmPackages = [
  'msw',
  '@mswjs',
  '@open-draft',
  'rettime',
  'until-async',
  'jose',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
  'is-node-process',
  'content-disposition',
  'cookie',
  '@fastify/cookie',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];
// The same aliases as tsconfig.json's paths.
const moduleNameMapper = { '^@/contract$': '<rootDir>/server/contract', '^@/contract/(.*)$': '<rootDir>/server/contract/$1', '^@/(.*)$': '<rootDir>/src/$1' };
const transform = { '^.+\\.(tsx?|jsx?|mjs)$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] } as const;

const config: Config = {
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
