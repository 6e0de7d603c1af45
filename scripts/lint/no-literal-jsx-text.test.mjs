import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noLiteralJsxText } from './no-literal-jsx-text.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-jsx-text', noLiteralJsxText, {
  valid: [
    'const a = <p>{T.intro}</p>;',
    'const a = <span>{count} / {MAX}</span>;',
    "const a = <span>{' '}–{' '}</span>;",
    'const a = <p>42 · 7%</p>;',
    'const a = <img alt={T.logo} title={T.logo} />;',
    'const a = <input className="form-control" type="text" data-testid="search-box" />;',
    'const a = <a href="/paths" aria-labelledby="x-title">{T.paths}</a>;',
    "const a = <p title={busy ? T.saving : T.save}>{name ?? '—'}</p>;",
  ],
  invalid: [
    { code: 'const a = <p>This comment was deleted.</p>;', errors: [{ messageId: 'text' }] },
    { code: "const a = <p>{'Saving...'}</p>;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{`Reply to ${name}`}</p>;', errors: [{ messageId: 'text' }] },
    { code: "const a = <p>{busy ? 'Saving...' : T.save}</p>;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <button aria-label="Close alert" />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <input placeholder={`Reply to ${name}…`} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <img alt="Logo" />;', errors: [{ messageId: 'attribute' }] },
    { code: "const a = <Modal.Header closeLabel={'Cancel'} />;", errors: [{ messageId: 'attribute' }] },
  ],
});
