import { MSG } from '@certitude/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium } from './support/browser.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const PASSWORD = 'Discussion-e2e-1';
/** One member per level of the thread: a new account may post once every 30 seconds. */
const MEMBERS = { alice: 'USER', bob: 'USER', carol: 'USER', dave: 'USER', mod_e2e: 'MODERATOR' } as const;
const CERT = '/certification/certified-kubernetes-administrator-cka';

const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await startSuite({
    database: 'discussion',
    members: MEMBERS,
    password: PASSWORD,
    contexts,
  });
});
afterAll(stopSuite);

/** The certification page, as a visitor or signed in by storing what /auth/login returned. */
async function openDiscussion(member?: string): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await open(CERT, { as: member, consoleErrors: true });
  await page.getByRole('heading', { name: 'Discussion' }).waitFor();
  await page.getByText('Loading comments...').first().waitFor({ state: 'detached' });
  // The server renders the discussion as a visitor sees it (sign-in lives in the browser); a member's comment box
  // replaces the sign-in prompt once the page has hydrated.
  if (member) await page.getByLabel('Add a comment').waitFor();
  return { page, problems };
}

const commentBy = (page: Page, username: string): Locator =>
  page.getByRole('article', { name: `Comment by ${username}` });

/**
 * Posts a reply and waits for it to show as the member's comment. Not `page.getByText(text)`: React mirrors a
 * controlled textarea's value into its text, so that would find the box itself before the reply has been sent.
 */
async function reply(page: Page, from: string, to: string, text: string) {
  const item = commentBy(page, to);
  await item.getByRole('button', { name: `Reply to ${to}` }).click();
  await item.getByLabel(`Reply to ${to}`).fill(text);
  await item.getByRole('button', { name: 'Post Reply' }).click();
  await commentBy(page, from).getByText(text).waitFor();
}

describe.skipIf(!hasChromium)('discussion in Chromium', () => {
  it('a visitor sees the prompt to log in, no comment box, and an accessible card', async () => {
    const { page, problems } = await openDiscussion();
    await page.getByText(MSG.discussionLoginPrompt).waitFor();
    expect(await page.getByLabel('Add a comment').count()).toBe(0);
    await page.getByText('No comments yet').waitFor();
    const axe = await checkA11y(page, { include: 'section[aria-labelledby="discussion-title"]' });
    expect(axe.passes).toBeGreaterThan(0);
    expect(axe.violations, describeViolations(axe.violations)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a member is told about dangerous content, sees the counter warn, and comments', async () => {
    const { page, problems } = await openDiscussion('alice');
    expect(await page.getByText(MSG.discussionLoginPrompt).count()).toBe(0);
    const box = page.getByLabel('Add a comment');

    await box.fill('Nice <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.commentDangerous }).waitFor();

    await box.fill('x'.repeat(1801));
    const counter = page.getByText('1801/2000');
    await expect(counter.getAttribute('class')).resolves.toContain('text-warning');
    await expect(box.getAttribute('maxlength')).resolves.toBe('2000');
    await box.fill('');
    await box.pressSequentially('y'.repeat(5));
    await box.press('End');
    await page.keyboard.insertText('z'.repeat(2100));
    expect((await box.inputValue()).length).toBe(2000);

    await box.fill('Passed the CKA last week. **Killer.sh** sessions were the closest thing to the exam.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const mine = commentBy(page, 'alice');
    await mine.waitFor();
    await mine.locator('strong', { hasText: 'Killer.sh' }).waitFor();
    await expect(mine.locator('time').textContent()).resolves.toBe('just now');
    expect(await box.inputValue()).toBe('');
    expect(problems).toEqual([]);
  });

  it('members reply three levels deep, indented 2rem a level, with no Reply on the deepest', async () => {
    for (const [member, to, text] of [
      ['bob', 'alice', 'Agreed, and do the killer.sh sessions twice.'],
      ['carol', 'bob', 'Did you use the second session the day before?'],
      ['dave', 'carol', 'Two days before worked better for me.'],
    ] as const) {
      const { page, problems } = await openDiscussion(member);
      await reply(page, member, to, text);
      expect(problems).toEqual([]);
      if (member !== 'dave') await page.context().close();
    }
    const page = (await contexts.at(-1)!.pages())[0]!;
    const deepest = commentBy(page, 'dave');
    expect(await deepest.getByRole('button', { name: /Reply/ }).count()).toBe(0);
    await deepest.getByRole('button', { name: 'Edit comment' }).waitFor({ timeout: 5000 });

    const x = async (name: string) => (await commentBy(page, name).boundingBox())!.x;
    const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(await x('bob')).toBeCloseTo((await x('alice')) + 2 * rem, 0);
    expect(await x('dave')).toBeCloseTo((await x('alice')) + 6 * rem, 0);
    // The thread is a list of lists.
    expect(await page.getByRole('list', { name: 'Comments' }).getByRole('listitem').count()).toBe(4);
  });

  it('the author edits in place: Save is disabled until the text changes, then the comment is marked edited', async () => {
    const { page, problems } = await openDiscussion('alice');
    const mine = commentBy(page, 'alice');
    await mine.getByRole('button', { name: 'Edit comment' }).first().click();
    const save = mine.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await mine.getByLabel('Edit comment').fill('   ');
    await expect(save.isDisabled()).resolves.toBe(true);
    await mine.getByLabel('Edit comment').fill('Passed the CKA last week. Killer.sh sessions helped most.');
    await save.click();
    await mine.getByText('(edited)').waitFor();
    await page.reload();
    await commentBy(page, 'alice').getByText('Killer.sh sessions helped most.').waitFor();
    await commentBy(page, 'alice').getByText('(edited)').waitFor();
    expect(problems).toEqual([]);
  });

  it('the author deletes after confirming in a dialog; the replies stay under a placeholder', async () => {
    const { page, problems } = await openDiscussion('bob');
    await commentBy(page, 'bob').getByRole('button', { name: 'Delete comment' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Delete comment' });
    await dialog.getByText(MSG.deleteCommentConfirm).waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This comment was deleted.').waitFor();
    expect(await commentBy(page, 'bob').count()).toBe(0);
    await commentBy(page, 'carol').waitFor();
    expect(problems).toEqual([]);
  });

  it('a moderator removes a comment with a reason, and a visitor then reads the thread as it is', async () => {
    const { page } = await openDiscussion('mod_e2e');
    await commentBy(page, 'dave').getByRole('button', { name: 'Delete comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete comment' });
    await dialog.getByLabel(/Reason/).fill('Off topic');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(commentBy(page, 'dave').count()).resolves.toBe(0);

    const visitor = await openDiscussion();
    const list = visitor.page.getByRole('list', { name: 'Comments' });
    await expect(list.getByRole('article').count()).resolves.toBe(3);
    await expect(list.getByRole('article', { name: 'Deleted comment' }).count()).resolves.toBe(1);
    expect(await visitor.page.getByRole('button', { name: /Reply|Edit|Delete/ }).count()).toBe(0);
    expect(visitor.problems).toEqual([]);
  });
});
