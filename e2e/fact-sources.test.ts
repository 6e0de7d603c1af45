import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.js';
import { open, startSuite, stopSuite } from './support/suite.js';

beforeAll(async () => {
  await startSuite();
});
afterAll(stopSuite);

describe.skipIf(!hasChromium)('where each fact was read, in Chromium', () => {
  it('a certification page marks each fact with its source, and a third party says so', async () => {
    const { page, problems } = await open('/certification/aws-certified-security-specialty', {
      hydrate: true,
    });
    const facts = page.getByTestId('exam-facts');
    const cost = facts.locator('dt', { hasText: 'Exam cost' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => cost.textContent()).toContain('US$300');
    expect(await cost.textContent()).toContain('(third party)');
    const validity = facts.locator('dt', { hasText: 'Validity and renewal' }).locator('xpath=following-sibling::dd[1]');
    const mark = validity.getByRole('link', { name: /^Source \d+$/ });
    await mark.click();
    const target = (await mark.getAttribute('href'))!;
    const item = page.locator(target);
    await expect.poll(() => item.isVisible()).toBe(true);
    expect(await item.textContent()).toContain('aws.amazon.com, the vendor’s page, read 27 Nov 2026');
    const sources = await page.getByTestId('fact-sources').getByRole('listitem').allTextContents();
    expect(sources.some((s) => s.includes('a third party (the vendor publishes nothing readable)'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the comparison links each row to the source of its facts', async () => {
    const { page } = await open('/compare?c=aws-certified-security-specialty,hashicorp-certified-terraform-associate', {
      hydrate: true,
    });
    const links = page.locator('a[title*="page, read"]');
    await expect.poll(() => links.count()).toBeGreaterThan(1);
    const titles = await links.evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    expect(titles).toContain('The vendor’s page, read 27 Nov 2026');
    expect(titles).toContain('A third party’s page, read 27 Nov 2026');
  });

  it('an empty fact a source checked reads None published, on the page and in the comparison', async () => {
    // Google Cloud reports pass or fail only: its page was read and it publishes no passing score.
    const { page } = await open('/certification/google-cloud-digital-leader', { hydrate: true });
    const passing = page
      .getByTestId('exam-facts')
      .locator('dt', { hasText: 'Passing score' })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => passing.textContent()).toMatch(/^None published/);
    const compared = await open('/compare?c=google-cloud-digital-leader,google-cloud-associate-cloud-engineer', {
      hydrate: true,
    });
    const row = compared.page.locator('tr', { has: compared.page.locator('th', { hasText: 'Passing score' }) });
    await expect.poll(() => row.getByText('None published').count()).toBe(2);
  });
});
