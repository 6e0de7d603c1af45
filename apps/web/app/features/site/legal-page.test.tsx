import { ACCESS_TOKEN_TTL_SECONDS, STORAGE_KEYS } from '@certitude/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_INTRO, COOKIE_SECTIONS } from './legal/cookie-policy';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from './legal/privacy-policy';
import { TERMS_INTRO, TERMS_SECTIONS } from './legal/terms-of-service';
import { LegalPage, legalMeta, type LegalSection } from './legal-page';

afterEach(cleanup);

function renderLegal(title: string, intro: React.ReactNode, sections: LegalSection[]) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <LegalPage title={title} intro={intro} sections={sections} /> },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe.each([
  ['Privacy Policy', PRIVACY_INTRO, PRIVACY_SECTIONS],
  ['Terms of Service', TERMS_INTRO, TERMS_SECTIONS],
  ['Cookie Policy', COOKIE_INTRO, COOKIE_SECTIONS],
])('%s', (title, intro, sections) => {
  it('shows its title, the last-updated date and a contents list that leads to every section', () => {
    renderLegal(title, intro, sections);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('January 1, 2024').getAttribute('datetime')).toBe('2024-01-01');
    const contents = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link');
    expect(contents).toHaveLength(sections.length);
    for (const link of contents) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.tagName).toBe('SECTION');
      expect(target?.querySelector('h2')?.textContent).toContain(link.textContent);
    }
    expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
  });
});

describe('the texts say what the product does', () => {
  it('the cookie policy lists every stored item and the token and cookie lifetimes', () => {
    renderLegal('Cookie Policy', COOKIE_INTRO, COOKIE_SECTIONS);
    const table = screen.getByRole('table');
    for (const key of Object.values(STORAGE_KEYS)) {
      expect(within(table).getByRole('rowheader', { name: key })).toBeTruthy();
    }
    const text = document.body.textContent!;
    expect(ACCESS_TOKEN_TTL_SECONDS / 60).toBe(5);
    expect(text).toContain('Access token: 5 minutes');
    expect(text).toContain('Refresh token: 90 days at most');
    expect(text).toContain('Persistent cookies: up to 1 year');
    expect(text).toContain('Analytics: up to 2 years');
    expect(text).toMatch(/no advertising cookies and no\s+third-party analytics/);
  });

  it('the privacy policy names what is stored and how passwords are kept', () => {
    renderLegal('Privacy Policy', PRIVACY_INTRO, PRIVACY_SECTIONS);
    const text = document.body.textContent!.replace(/\s+/g, ' ');
    for (const phrase of [
      'username and email address',
      'argon2id hash',
      'your votes',
      'comments and replies',
      'IP address',
      'Google or GitHub',
      'Cookie Policy',
      'never sell personal data',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

describe('legalMeta', () => {
  it('gives the title, description, canonical link and social tags from the root address', () => {
    const tags = legalMeta([{ id: 'root', data: { publicUrl: 'https://certitude.example' } }], {
      title: 'Cookie Policy',
      description: 'What we store.',
      path: '/cookies',
    });
    expect(tags).toContainEqual({ title: 'Cookie Policy | Certitude' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://certitude.example/cookies' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://certitude.example/cookies' });
    expect(tags).toContainEqual({ name: 'description', content: 'What we store.' });
  });
});
