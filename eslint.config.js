import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Feature folders reach each other only through a public entry (`<area>/index.ts`); everything
 * else they share lives in a shared layer (docs/decisions/054).
 */
function featureBoundaries(root) {
  const areas = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return areas.map((area) => ({
    target: `${root}/${area}`,
    from: root,
    except: [`./${area}`, ...areas.filter((other) => other !== area).map((other) => `./${other}/index.ts`)],
    message: `${area} reaches another area only through its public entry (<area>/index.ts)`,
  }));
}

const webFeatures = 'packages/web/src/features';
const serverModules = 'packages/server/src/modules';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-tmp/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/domain/tsconfig.json',
            'packages/server/tsconfig.json',
            'packages/web/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries(webFeatures),
            ...featureBoundaries(serverModules),
            {
              target: ['packages/web/src/lib', 'packages/web/src/components', 'packages/web/src/hooks'],
              from: webFeatures,
              message: 'shared layers do not depend on a feature',
            },
            {
              target: ['packages/server/src/http', 'packages/server/src/db'],
              from: serverModules,
              // The demo seed hashes its accounts' passwords as sign-up does.
              except: ['./auth/index.ts'],
              message: 'shared layers do not depend on a module',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@drinkflow/server*', '@drinkflow/web*', 'node:*'],
              message: 'domain is pure: no I/O, no other packages',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/server.ts', 'scripts/**', 'bench/**', 'packages/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
