import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noLiteralJsxText } from './scripts/lint/no-literal-jsx-text.mjs';

const NO_SERVER_CODE = {
  group: ['**/server/**', '@certitude/server'],
  message: 'The web app never imports server code.',
};
const NO_WEB_CODE = { group: ['**/web/**', '@certitude/web'], message: 'The server never imports web code.' };
/** docs/architecture.md#module-boundaries: a module reaches another through its services, never its queries. */
const NO_OTHER_REPOSITORY = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/[^/]+\\.repository(\\.js)?$',
  message: "A server module reaches another module through that module's service, never its repository.",
};
/** docs/architecture.md#module-boundaries: features share through components/ and lib/, not each other. */
const noOtherFeature = (levels) => ({
  regex: `^(\\.\\./){${levels}}(?!\\.\\.)[^/]+/`,
  message: 'A web feature does not import another feature: share through app/components or app/lib.',
});
/**
 * The same boundaries for `import()`, which no-restricted-imports does not see: a path that climbs `levels` folders
 * and then names a folder (another feature), or one that names features/.
 */
const lazyImportOf = (pattern, message) => ({ selector: `ImportExpression[source.value=${pattern}]`, message });
const noOtherFeatureLazily = (levels) =>
  lazyImportOf(`/^(\\.\\.\\x2F){${levels}}[a-z]/`, noOtherFeature(levels).message);
/** What features share (app/components, app/lib) stands below them: it imports no feature. */
const NO_FEATURE = {
  regex: '^(\\.\\./)+features/',
  message: 'app/components and app/lib are shared by the features and import none of them.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/build/',
      '**/.react-router/',
      'data/',
      'test-results/',
      'coverage/',
      // generated from the OpenAPI document by npm run api:types
      'packages/client/src/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // File and folder names are kebab-case, with a role suffix where there is one (vote.service.ts,
    // vote.routes.test.ts): docs/architecture.md#naming.
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,scripts,bench,drills}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE] }],
    },
  },
  {
    // The texts a member reads live in the shared texts, one file an area (docs/product.md#texts), never in JSX.
    files: ['apps/web/app/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { certitude: { rules: { 'no-literal-jsx-text': noLiteralJsxText } } },
    rules: { 'certitude/no-literal-jsx-text': 'error' },
  },
  {
    // The legal documents are pages of prose: their text is the page itself, kept whole in one file each.
    files: [
      'apps/web/app/features/site/legal/cookie-policy.tsx',
      'apps/web/app/features/site/legal/privacy-policy.tsx',
      'apps/web/app/features/site/legal/terms-of-service.tsx',
    ],
    rules: { 'certitude/no-literal-jsx-text': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_WEB_CODE] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB_CODE, NO_OTHER_REPOSITORY] }] },
  },
  {
    files: ['apps/web/app/features/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE, noOtherFeature(1)] }],
      'no-restricted-syntax': ['error', noOtherFeatureLazily(1)],
    },
  },
  {
    files: ['apps/web/app/features/*/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE, noOtherFeature(2)] }],
      'no-restricted-syntax': ['error', noOtherFeatureLazily(2)],
    },
  },
  {
    files: ['apps/web/app/{components,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE, NO_FEATURE] }],
      'no-restricted-syntax': ['error', lazyImportOf('/features\\x2F/', NO_FEATURE.message)],
    },
  },
);
