/*
 * Suggest an edit in Chromium: prerequisites and the successor chosen by searching the catalogue from the keyboard
 * (on a phone), the facts card saying that the member's suggestion waits, and the history naming the moderator who
 * approved it, with its additions never looking like links, in both themes.
 */

import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated } from './support/browser.js';
import { signInByApi, type AuthTokens } from './support/members.js';
import { type RunningServer } from './support/server.js';
import { switchTheme } from './support/theme-switch.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const PASSWORD = 'Picker-e2e-pass-1';
const MEMBERS = { pick_member: 'USER', pick_mod: 'MODERATOR' };
const CERT = 'comptia-cloud-plus';
const PHONE = { width: 375, height: 740 };

let server: RunningServer;
const contexts: BrowserContext[] = [];
const tokens: Record<string, AuthTokens> = {};

beforeAll(async () => {
  ({ server } = await startSuite({ database: 'picker', members: MEMBERS, password: PASSWORD, contexts }));
  for (const username of Object.keys(MEMBERS)) tokens[username] = await signInByApi(server.url, username, PASSWORD);
});
afterAll(stopSuite);

async function call(username: string, method: string, path: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens[username]!.token}` },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

describe.skipIf(!hasChromium)('suggest an edit: the certification picker, the waiting notice, who approved', () => {
  it('on a phone, a member picks a prerequisite and a successor from the keyboard; the facts card says it waits', async () => {
    const { page, problems } = await open(`/certification/${CERT}`, {
      auth: tokens.pick_member,
      contextOptions: { viewport: PHONE },
    });
    await hydrated(page);
    await page.getByRole('button', { name: 'Suggest an edit' }).click();
    const form = page.getByRole('form', { name: 'Suggest an edit' });
    // No field asks for an address name or an id any more.
    expect(await form.getByText(/address/i).count()).toBe(0);

    const prerequisite = form.getByRole('combobox', { name: 'Add a prerequisite' });
    await prerequisite.focus();
    await page.keyboard.type('CompTIA Linux+');
    const list = form.getByRole('listbox', { name: 'Add a prerequisite' });
    const first = list.getByRole('option').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('CompTIA Linux+');
    // The list of matches fits the phone's width.
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await prerequisite.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await page.keyboard.press('Enter');
    const chosen = form.getByRole('list', { name: 'Chosen prerequisites' });
    await chosen.getByText('CompTIA Linux+', { exact: true }).waitFor();
    expect(await prerequisite.inputValue()).toBe('');
    // The certification edited is no choice of its own.
    await prerequisite.fill('CompTIA Cloud+');
    await list.getByRole('option').first().waitFor();
    expect(await list.getByRole('option', { name: /^CompTIA Cloud\+ \(/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await prerequisite.fill('');
    await chosen.getByRole('combobox', { name: 'CompTIA Linux+: required or recommended' }).selectOption('REQUIRED');

    const successor = form.getByRole('combobox', { name: 'Successor' });
    await successor.focus();
    await page.keyboard.type('CloudNetX');
    await form.getByRole('listbox', { name: 'Successor' }).getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await form.getByTestId('successor').getByText('CompTIA CloudNetX').waitFor();

    const description = form.getByLabel('Description');
    await description.fill(`${await description.inputValue()} Includes labs.`);
    await form.getByLabel('Summary of your change').fill('Prerequisite and successor from the vendor page');
    await form.getByRole('button', { name: 'Send my suggestion' }).click();
    await page.getByTestId('suggestion-sent').waitFor();
    const waiting = page.getByTestId('suggestion-waiting');
    await waiting.getByText('Your suggested edit is waiting for a moderator’s review.').waitFor();
    // Still said after a reload, and never to anyone else.
    await page.reload();
    await waiting.waitFor();
    const other = await open(`/certification/${CERT}`, { auth: tokens.pick_mod });
    await hydrated(other.page);
    await other.page.getByTestId('exam-facts').waitFor();
    expect(await other.page.getByTestId('suggestion-waiting').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('the history names the moderator who approved it; an addition is no link in either theme', async () => {
    const history = (await call('pick_member', 'GET', `/api/certification/${CERT}/revisions`)).body as {
      id: number;
      status: string;
      changes: { field: string; after: unknown }[];
    }[];
    const pending = history.find((r) => r.status === 'PENDING')!;
    expect(pending.changes.find((c) => c.field === 'prerequisites')!.after).toMatchObject([
      { certification: { slug: 'comptia-linux-plus' }, kind: 'REQUIRED' },
    ]);
    expect(pending.changes.find((c) => c.field === 'supersededBy')!.after).toMatchObject({ slug: 'comptia-cloudnetx' });
    expect((await call('pick_mod', 'POST', `/api/admin/revision/${pending.id}/approve`)).status).toBe(200);

    const facts = await open(`/certification/${CERT}`, { auth: tokens.pick_member });
    await hydrated(facts.page);
    await facts.page.getByTestId('exam-facts').getByText('CompTIA Linux+').waitFor();
    expect(await facts.page.getByTestId('suggestion-waiting').count()).toBe(0);

    for (const theme of ['light', 'dark'] as const) {
      const { page, problems } = await open(`/certification/${CERT}/history`, {
        contextOptions: { colorScheme: theme },
      });
      await hydrated(page);
      await switchTheme(page, theme);
      const entry = page.getByTestId('revision').filter({ hasText: 'Prerequisite and successor from the vendor page' });
      const approver = entry.getByTestId('decided-by');
      expect((await approver.textContent())?.trim()).toBe('Approved by pick_mod');
      expect(await approver.getByRole('link', { name: 'pick_mod' }).getAttribute('href')).toBe('/u/pick_mod');
      const added = entry.locator('ins', { hasText: 'Includes labs.' });
      const link = entry.getByRole('link', { name: 'pick_mod' });
      const [ins, a] = await Promise.all(
        [added, link].map((l) =>
          l.evaluate((el) => {
            const s = getComputedStyle(el);
            return { line: s.textDecorationLine, color: s.color };
          }),
        ),
      );
      expect(ins!.line, theme).toBe('none');
      expect(ins!.color, theme).not.toBe(a!.color);
      expect(problems).toEqual([]);
    }
  });
});
