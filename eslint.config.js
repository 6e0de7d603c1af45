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
 * Crossings found when the boundary rule came in, still to be moved behind a service or into components/ or lib/;
 * the list only shrinks (docs/architecture.md#module-boundaries).
 */
const KNOWN_CROSSINGS = [
  'apps/server/src/modules/badges/badge.service.ts',
  'apps/server/src/modules/catalogue-data/catalogue-import.ts',
  'apps/server/src/modules/catalogue-data/import-records.ts',
  'apps/server/src/modules/catalogue-data/retirements.ts',
  'apps/server/src/modules/catalogue/facts.repository.ts',
  'apps/server/src/modules/catalogue/revision.service.ts',
  'apps/server/src/modules/discussion/comment.repository.ts',
  'apps/server/src/modules/discussion/comment.service.ts',
  'apps/server/src/modules/members/members.services.ts',
  'apps/server/src/modules/members/tracker.repository.ts',
  'apps/server/src/modules/members/tracker.service.ts',
  'apps/server/src/modules/moderation/flag-target.repository.ts',
  'apps/server/src/modules/moderation/moderation.service.ts',
  'apps/server/src/modules/moderation/pending.repository.ts',
  'apps/server/src/modules/moderation/review-queue.presenter.ts',
  'apps/server/src/modules/moderation/suspension.service.ts',
  'apps/server/src/modules/moderation/user-admin.service.ts',
  'apps/server/src/modules/moderation/vote-reversal.service.ts',
  'apps/server/src/modules/paths/common-next.repository.ts',
  'apps/server/src/modules/paths/path.service.ts',
  'apps/web/app/features/accounts/account-dialog.tsx',
  'apps/web/app/features/accounts/auth-dialogs.tsx',
  'apps/web/app/features/accounts/auth-modals.tsx',
  'apps/web/app/features/admin/article-editor.tsx',
  'apps/web/app/features/admin/reason-dialog.tsx',
  'apps/web/app/features/admin/review-queue.tsx',
  'apps/web/app/features/admin/suspend-dialog.tsx',
  'apps/web/app/features/catalogue/certification-card.tsx',
  'apps/web/app/features/catalogue/certification-combobox.tsx',
  'apps/web/app/features/catalogue/certification-form-modal.tsx',
  'apps/web/app/features/catalogue/resource-form-modal.tsx',
  'apps/web/app/features/catalogue/resource-list.tsx',
  'apps/web/app/features/catalogue/submission-confirmation-modal.tsx',
  'apps/web/app/features/compare/compare-picker.tsx',
  'apps/web/app/features/discussion/comment-item.tsx',
  'apps/web/app/features/discussion/delete-comment-dialog.tsx',
  'apps/web/app/features/discussion/discussion-card.tsx',
  'apps/web/app/features/first-sign-in/first-sign-in-api.ts',
  'apps/web/app/features/first-sign-in/held-picker.tsx',
  'apps/web/app/features/first-sign-in/rate-held.tsx',
  'apps/web/app/features/flags/flag-dialog.tsx',
  'apps/web/app/features/history/change-view.tsx',
  'apps/web/app/features/history/linked-certification-fields.tsx',
  'apps/web/app/features/history/suggest-edit-form.tsx',
  'apps/web/app/features/layout/app-navbar.tsx',
  'apps/web/app/features/members/member-bar.tsx',
  'apps/web/app/features/members/notification-item.tsx',
  'apps/web/app/features/members/notification-preview.tsx',
  'apps/web/app/features/members/tracker-choice.tsx',
  'apps/web/app/features/members/watch-button.tsx',
  'apps/web/app/features/paths/certification-paths.tsx',
  'apps/web/app/features/paths/held-certifications.ts',
  'apps/web/app/features/paths/path-layout.ts',
  'apps/web/app/features/ratings/rating-form.tsx',
  'apps/web/app/features/ratings/ratings-card.tsx',
  'apps/web/app/features/site/about-sections.tsx',
  'apps/web/app/features/site/welcome-dialog.tsx',
];

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
    // Allowed for now: files whose texts have not yet moved to their area's text file (docs/codebase-review.md). A
    // file leaves this list when its texts move; no file joins it.
    files: [
      'apps/web/app/features/accounts/password-strength-meter.tsx',
      'apps/web/app/features/admin/admin-panel.tsx',
      'apps/web/app/features/admin/article-editor.tsx',
      'apps/web/app/features/admin/articles-tab.tsx',
      'apps/web/app/features/admin/members-tab.tsx',
      'apps/web/app/features/admin/moderation-log-tab.tsx',
      'apps/web/app/features/admin/pending-badge.tsx',
      'apps/web/app/features/admin/review-queue.tsx',
      'apps/web/app/features/admin/stale-facts-tab.tsx',
      'apps/web/app/features/catalogue/certification-form-modal.tsx',
      'apps/web/app/features/catalogue/exam-facts-card.tsx',
      'apps/web/app/features/catalogue/fact-sources.tsx',
      'apps/web/app/features/catalogue/resource-form-modal.tsx',
      'apps/web/app/features/catalogue/resource-list.tsx',
      'apps/web/app/features/catalogue/submission-confirmation-modal.tsx',
      'apps/web/app/features/compare/compare-picker.tsx',
      'apps/web/app/features/first-sign-in/held-pick-row.tsx',
      'apps/web/app/features/history/change-view.tsx',
      'apps/web/app/features/history/linked-certification-fields.tsx',
      'apps/web/app/features/history/suggest-edit-form.tsx',
      'apps/web/app/features/members/badge-form.tsx',
      'apps/web/app/features/ratings/rating-form.tsx',
      'apps/web/app/features/ratings/ratings-card.tsx',
      'apps/web/app/features/ratings/study-hours-box.tsx',
      'apps/web/app/features/site/about-sections.tsx',
      'apps/web/app/features/site/about-stats.tsx',
      'apps/web/app/features/site/legal-page.tsx',
      'apps/web/app/features/site/support-banner.tsx',
      'apps/web/app/routes/certification-history.tsx',
      'apps/web/app/routes/certification.tsx',
      'apps/web/app/routes/compare.tsx',
      'apps/web/app/routes/open-data.tsx',
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
    ignores: ['**/*.test.ts', ...KNOWN_CROSSINGS],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB_CODE, NO_OTHER_REPOSITORY] }] },
  },
  {
    files: ['apps/web/app/features/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', ...KNOWN_CROSSINGS],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE, noOtherFeature(1)] }] },
  },
  {
    files: ['apps/web/app/features/*/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', ...KNOWN_CROSSINGS],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_CODE, noOtherFeature(2)] }] },
  },
);
