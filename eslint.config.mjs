import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

/**
 * One lint configuration for every project. Module boundaries keep the layering honest:
 * apps (thin mains) use services and shared libs; a service uses shared libs only, never
 * another service (services talk over the bus); shared libs use shared libs; the end-to-end
 * suite and the tools reach the platform only through public entry points; the web chat
 * widget (a browser bundle) uses npm packages only.
 */
export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '**/.nx', '**/*.js', '**/*.mjs'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allowCircularSelfDependency: false,
          banTransitiveDependencies: false,
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', 'type:service', 'type:lib'] },
            // All services in one process (the embedded platform, the bench's baseline).
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:service', 'type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:lib'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:composition', 'type:service', 'type:lib', 'type:testing'] },
            { sourceTag: 'type:example', onlyDependOnLibsWithTags: [] },
            // The web chat widget runs in browsers: npm packages only.
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `value!` is used where a lookup cannot miss (just inserted, checked above); the compiler keeps the rest honest.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Closures (cleanup handlers) may read a variable before the one assignment that sets it.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests and test helpers talk to untyped JSON answers and official clients' loose types.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'libs/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
];
