import type { PageData, PublicProfile, UnavailableProfile } from '@certitude/shared';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAccountTestState } from '../../test/accounts';
import { certRef } from '../../test/members';
import { ErrorBoundary } from '../root';
import PublicProfileScreen, { loader, meta } from './public-profile';
import { pageRoute } from '../../test/route-stub';

afterEach(resetAccountTestState);

const ada: PublicProfile = {
  username: 'Ada',
  joinedAt: '2023-04-05T10:00:00.000Z',
  held: [
    { certification: certRef(1), earnedOn: '2024-03-01', expiresOn: '2027-03-01' },
    { certification: certRef(2, 'UNLIMITED'), earnedOn: '2019-06-01', expiresOn: null },
    { certification: certRef(3, 'UNKNOWN'), earnedOn: '2020-06-01', expiresOn: null },
    { certification: certRef(4), earnedOn: '2020-01-15', expiresOn: '2023-01-15' },
  ],
  ahead: [
    { certification: certRef(5), status: 'STUDYING', targetDate: null },
    { certification: certRef(6), status: 'PLANNED', targetDate: '2027-06-30' },
  ],
  ratingCount: 4,
  commentCount: 12,
  badges: [
    {
      id: 7,
      certification: { id: 1, slug: certRef(1).slug, name: certRef(1).name },
      issuer: { name: 'Test Vendor Badges', url: 'https://badges.vendor.example/issuer' },
      issuedOn: '2024-03-01',
      expiresOn: '2027-03-01',
      status: 'VERIFIED',
      verifiedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

/** The page as the server renders it: its loader reads the page data for the name in the address. */
function open(url: string, profiles: Record<string, PublicProfile | UnavailableProfile>) {
  const asked: string[] = [];
  const data = {
    publicProfile: async (username: string) => {
      asked.push(username);
      return profiles[username.toLowerCase()] ?? null;
    },
    // Costs of the public list, medians of study hours and next steps: what the plan adds, read by the loader.
    listCertifications: async () => [
      { id: 5, exam: { costUsd: 400 } },
      { id: 6, exam: { costUsd: 250 } },
    ],
    ratings: async (id: string) => ({ summary: { studyHours: { median: id === '5' ? 60 : null } } }),
    nextSteps: async (id: string) =>
      id === '1' ? [{ certification: { ...certRef(6), slug: 'cert-6' }, reason: 'SUCCESSOR', members: null }] : [],
  } as unknown as PageData;
  const Stub = createRoutesStub([
    pageRoute({
      path: '/u/:username',
      Component: PublicProfileScreen,
      ErrorBoundary,
      loader,
      data,
    }),
  ]);
  render(<Stub initialEntries={[url]} />);
  return asked;
}

const tags = (profile: PublicProfile | UnavailableProfile | undefined) =>
  meta({ data: profile ? { profile, publicUrl: 'https://certitude.test' } : undefined } as never) as Record<
    string,
    unknown
  >[];

describe('/u/{username}', () => {
  it('shows the name, join date, counts and the public held certifications with links, and no email', async () => {
    const asked = open('/u/ada', { ada });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada' })).toBeTruthy();
    expect(asked).toEqual(['ada']);
    expect(screen.getByText('Member since 5 Apr 2023')).toBeTruthy();
    expect(screen.getByTestId('rating-count').textContent).toBe('4');
    expect(screen.getByTestId('comment-count').textContent).toBe('12');
    const held = screen.getAllByTestId('held');
    expect(within(held[0]!).getByRole('link', { name: 'Certification 1' }).getAttribute('href')).toBe(
      '/certification/cert-1',
    );
    expect(held[0]!.textContent).toContain('Earned 1 Mar 2024 · Expires 1 Mar 2027');
    expect(held[1]!.textContent).toContain('Does not expire');
    expect(held[2]!.textContent).toContain('Earned 1 Jun 2020 · Validity not known yet');
    expect(held[3]!.textContent).toContain('Earned 15 Jan 2020 · Expired 15 Jan 2023');
    const [badge] = screen.getAllByTestId('badge');
    expect(badge!.textContent).toContain('Verified');
    expect(badge!.textContent).toContain('Issued by Test Vendor Badges · Issued 1 Mar 2024 · Expires 1 Mar 2027');
    expect(document.body.textContent).not.toContain('@');
  });

  it('shows the public plan read-only: the timeline, the cost and study time ahead, and the next steps', async () => {
    open('/u/ada', { ada });
    const plan = await screen.findByTestId('public-plan');
    expect(within(plan).getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
    const events = within(plan)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(events[0]).toBe('1 Jun 2019 Held Earned: Certification 2');
    expect(events).toContain('30 Jun 2027 Planned Target: Certification 6');
    expect(events).toContain('No date yet Studying Target: Certification 5');
    expect(within(plan).getByTestId('plan-totals').textContent).toBe(
      '2 certifications still to take · Exam cost: US$650 · Study time: a community median of 60 hours (known for 1 of 2)',
    );
    expect(within(plan).getByRole('heading', { level: 3, name: 'Next steps' })).toBeTruthy();
    expect(within(plan).getByTestId('plan-next').textContent).toContain('After Certification 1: Certification 6 (');
    // Read-only: nothing to press or type in.
    expect(within(plan).queryByRole('button')).toBeNull();
    expect(within(plan).queryByRole('textbox')).toBeNull();
  });

  it('says when the member shows no certification', async () => {
    open('/u/ada', { ada: { ...ada, held: [], ahead: [] } });
    expect(await screen.findByText('Ada has not shared any certifications yet.')).toBeTruthy();
    expect(screen.getByText('Ada shows no plan yet.')).toBeTruthy();
  });

  it('is the Page Not Found screen for an unknown name', async () => {
    open('/u/nobody', { ada });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('says a suspended or deleted account is not shown, without any of its content', async () => {
    open('/u/eve', { eve: { username: 'eve', unavailable: 'suspended' } });
    expect(await screen.findByText('This account is suspended. Its profile is not shown.')).toBeTruthy();
    expect(screen.queryByText('Certifications held')).toBeNull();
    resetAccountTestState();
    open('/u/mallory', { mallory: { username: 'mallory', unavailable: 'deleted' } });
    expect(await screen.findByText('This account was deleted. Its profile is not shown.')).toBeTruthy();
  });

  it('carries its title, description and canonical link; the others are kept out of search engines', () => {
    const t = tags(ada);
    expect(t).toContainEqual({ title: "Ada's certifications | Certitude" });
    expect(t).toContainEqual({
      name: 'description',
      content: 'Ada has been a member of Certitude since April 2023 and shares 4 certifications they hold.',
    });
    expect(t).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://certitude.test/u/Ada' });
    expect(tags(undefined)).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags({ username: 'eve', unavailable: 'deleted' })).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
