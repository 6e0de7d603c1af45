import { MSG, REMOVED_BY_MODERATOR_TEXT } from '@certitude/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

/** Members' flags and the moderators' Flags tab (docs/product.md#flags). */
const PASSWORD = 'Flags-e2e-1';
const MEMBERS = { author_e2e: 'USER', flagger_e2e: 'USER', mod_flags_e2e: 'MODERATOR' } as const;
const CERT = '/certification/certified-kubernetes-administrator-cka';
const CONTENT = 'Cheap CKA exam dumps, guaranteed pass, write to dumps-seller today';
const REASON = 'Advertising exam dumps';

let server: RunningServer;

beforeAll(async () => {
  ({ server } = await startSuite({
    database: 'flags',
    members: MEMBERS,
    password: PASSWORD,
    // A refused flag (409) is an answer the page expects: the browser logs its 4xx, the page does not fail.
    pages: { consoleErrors: (text) => !/status of 4\d\d/.test(text) },
  }));
});
afterAll(stopSuite);

/** The certification page with its discussion loaded; a member's comment box shows once the page has hydrated. */
async function openDiscussion(member?: string) {
  const opened = await open(CERT, { as: member });
  await opened.page.getByRole('heading', { name: 'Discussion' }).waitFor();
  await opened.page.getByText('Loading comments...').first().waitFor({ state: 'detached' });
  if (member) await opened.page.getByLabel('Add a comment').waitFor();
  return opened;
}

/**
 * A comment as rendered. Never `page.getByText(text)` for what was typed: React mirrors a controlled textarea's value
 * into its text, so that would find the box itself.
 */
const commentBy = (page: Page, username: string): Locator =>
  page.getByRole('article', { name: `Comment by ${username}` });

describe.skipIf(!hasChromium)('flags in Chromium', () => {
  it('a member posts a comment', async () => {
    const { page, problems } = await openDiscussion('author_e2e');
    await page.getByLabel('Add a comment').fill(CONTENT);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await commentBy(page, 'author_e2e').getByText(CONTENT).waitFor();
    // No Flag on the member's own comment.
    expect(await commentBy(page, 'author_e2e').getByRole('button', { name: 'Flag comment' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('another member flags it through an accessible dialog, and cannot flag it twice', async () => {
    const { page, problems } = await openDiscussion('flagger_e2e');
    const item = commentBy(page, 'author_e2e');
    await item.getByText(CONTENT).waitFor();
    await item.getByRole('button', { name: 'Flag comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flag this comment' });
    await dialog.getByRole('group', { name: 'What is wrong?' }).waitFor();

    const axe = await checkA11y(page, { include: '.modal-dialog' });
    expect(axe.passes).toBeGreaterThan(0);
    expect(axe.violations, describeViolations(axe.violations)).toEqual([]);

    // "Something else" needs a note.
    await dialog.getByLabel('Something else').check();
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    await dialog.getByText('Please say what is wrong in the note').waitFor();

    await dialog.getByLabel('Spam or advertising').check();
    await dialog.getByLabel(/^Note/).fill('Selling exam dumps');
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    await dialog.waitFor({ state: 'detached' });
    const flagged = item.getByRole('button', { name: 'Flagged comment' });
    await flagged.waitFor();
    expect(await flagged.isDisabled()).toBe(true);

    // After a reload the control is offered again; the server says it is already flagged, and it reads Flagged.
    await page.reload();
    await page.getByLabel('Add a comment').waitFor();
    await item.getByRole('button', { name: 'Flag comment' }).click();
    await dialog.getByLabel('Duplicate').check();
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    await dialog.getByRole('alert').filter({ hasText: MSG.flagAlreadyFiled }).waitFor();
    await item.getByRole('button', { name: 'Flagged comment', includeHidden: true }).waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('a moderator removes it from the Flags tab with a reason', async () => {
    const { page, problems } = await open('/admin', { as: 'mod_flags_e2e' });
    await page.getByRole('tab', { name: 'Flags' }).click();
    const row = page.locator('[data-testid^="flagged-comment-"]').filter({ hasText: CONTENT });
    await row.waitFor();
    expect(await row.textContent()).toContain('Spam or advertising: 1');
    expect(await row.textContent()).toContain('Selling exam dumps');
    expect(await row.textContent()).toContain('author_e2e');

    // The button and the dialog name the comment removed, not only the certification it is on.
    await row
      .getByRole('button', { name: 'Remove this comment by author_e2e on Certified Kubernetes Administrator (CKA)' })
      .click();
    const dialog = page.getByRole('dialog', {
      name: 'Remove this comment by author_e2e on Certified Kubernetes Administrator (CKA)',
    });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason', { exact: true }).fill(REASON);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('flags-notice')
      .filter({ hasText: 'Removed this comment by author_e2e on Certified Kubernetes Administrator (CKA).' })
      .waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No open flags.').waitFor();
    expect(problems).toEqual([]);
  });

  it('a visitor sees the placeholder in the comment’s place, and the moderation log shows the reason only', async () => {
    const { page, problems } = await openDiscussion();
    // The comment keeps its place, without its words or its author.
    const item = page.getByRole('article', { name: 'Removed comment' });
    await item.getByText(REMOVED_BY_MODERATOR_TEXT).waitFor();
    expect(await commentBy(page, 'author_e2e').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(CONTENT);

    await page.goto(`${server.url}/moderation-log`);
    await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    const entry = page.getByTestId('moderation-entry').filter({ hasText: 'Removed a flagged item' });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain(REASON);
    expect(text).toContain('mod_flags_e2e');
    expect(text).not.toContain(CONTENT);
    expect(await page.locator('body').innerText()).not.toContain(CONTENT);
    expect(problems).toEqual([]);
  });
});
