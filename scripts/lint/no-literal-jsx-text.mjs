/**
 * An ESLint rule of the project: the web app's JSX holds no literal text a member reads. Text children, and the
 * attributes a member sees or hears (title, aria-label, placeholder, alt, ...), come from the shared texts
 * (packages/shared/src/text/, page-text.ts) or a feature's own text file, so each sentence lives in one place
 * (docs/product.md#texts). Text with no letter in it (punctuation, numbers, white space) is allowed.
 */
const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
  'closeLabel',
]);

const LETTER = /\p{L}/u;

/** Whether an expression is, or contains as a branch, a string a member would read. */
function literalText(node) {
  if (!node) return false;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && LETTER.test(node.value);
    case 'TemplateLiteral':
      return node.quasis.some((q) => LETTER.test(q.value.cooked ?? q.value.raw));
    case 'ConditionalExpression':
      return literalText(node.consequent) || literalText(node.alternate);
    case 'LogicalExpression':
      return literalText(node.right);
    default:
      return false;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralJsxText = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Refuse literal user-facing text in JSX: it comes from the shared texts.' },
    schema: [],
    messages: {
      text: 'Literal text in JSX: take it from the texts of its area (packages/shared/src/text/ or the feature’s text file).',
      attribute:
        'Literal text in the {{name}} attribute: take it from the texts of its area (packages/shared/src/text/ or the feature’s text file).',
    },
  },
  create(context) {
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) context.report({ node, messageId: 'text' });
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        if (literalText(node.expression)) context.report({ node, messageId: 'text' });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (literalText(value)) context.report({ node, messageId: 'attribute', data: { name } });
      },
    };
  },
};
