/*
 * What the web shows of moderating, administering and suspending agrees with the shared policy, case by case of the
 * table the server's policy-agreement test also checks (packages/shared/testing/policy-cases.ts).
 */
import type { AdminUser, FlaggedItem, User, VotingRingSignal } from '@certitude/shared';
import { caseName, casesOf, targetOf, viewerFor, type Who } from '@certitude/shared/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../../test/accounts';
import { mockApi } from '../../../test/msw';
import AdminScreen from '../../routes/admin';
import { Navbar } from '../../navbar';
import { FlaggedItemsSection } from './flagged-items';
import { FlagsTab } from './flags-tab';
import { MembersTab } from './members-tab';
import { resetPendingCount } from './pending-count-store';

afterEach(() => {
  resetAccountTestState();
  resetPendingCount();
});

const ring: VotingRingSignal = {
  id: 4,
  certificationId: 11,
  certificationName: 'Pumped Cert',
  link: '/certification/pumped',
  windowStart: '2024-03-01T00:00:00.000Z',
  windowEnd: '2024-03-02T00:00:00.000Z',
  votes: 12,
  newAccountVotes: 10,
  accounts: [{ id: 21, username: 'fresh1', createdAt: '2024-02-28T00:00:00.000Z' }],
  createdAt: '2024-03-02T01:00:00.000Z',
};

/** The case's viewer as the web knows them, signed in; null for a visitor. */
function signedIn(who: Who): User | null {
  const viewer = viewerFor(who);
  if (!viewer) return null;
  const user = { ...storedUser, id: 1, ...viewer, email: `${viewer.username}@example.com` };
  signIn(user);
  return user;
}

/** The navbar over /admin, with the calls a moderator's panel makes. */
function openAdmin() {
  mockApi({
    'GET /api/admin/pending-counts': [200, { certifications: 0, resources: 0, revisions: 0, flags: 0, total: 0 }],
    'GET /api/admin/pending': [200, { certifications: [], resources: [], revisions: [] }],
  });
  const page = (
    <>
      <Navbar />
      <AdminScreen />
    </>
  );
  renderApp({ routes: [{ path: '/admin', element: page }], url: '/admin' });
}

describe('the admin panel agrees with the shared policy', () => {
  // moderate: the navbar's link and the panel itself; visitors and members are sent home.
  it.each(casesOf('moderate').map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    signedIn(c.who);
    openAdmin();
    if (c.allowed) expect(await screen.findByRole('tab', { name: 'Review Queue' })).toBeTruthy();
    else expect(await screen.findByText('Home page')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Admin Panel/ }) !== null).toBe(c.allowed);
  });

  // administer: the Members tab, where members are found and roles changed, and reversing a voting ring's votes.
  it.each(casesOf('administer').map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    signedIn(c.who);
    openAdmin();
    await screen.findByText(/Review Queue|Home page/);
    expect(screen.queryByRole('tab', { name: 'Members' }) !== null).toBe(c.allowed);
    cleanup();

    mockApi({ 'GET /api/admin/flags': [200, { items: [], rings: [ring] }] });
    renderApp({ routes: [{ path: '/', element: <FlagsTab /> }] });
    await screen.findByText('fresh1');
    expect(screen.queryByRole('button', { name: /^Reverse votes/ }) !== null).toBe(c.allowed);
  });
});

describe('the Suspend controls agree with the shared policy', () => {
  const flagged = (author: { username: string; role: User['role'] }): FlaggedItem => ({
    targetType: 'comment',
    targetId: 5,
    title: 'Certified Kubernetes Administrator',
    link: '/certification/cka#comment-5',
    excerpt: 'Buy cheap exam dumps',
    author: author.username,
    authorId: 8,
    authorRole: author.role,
    authorSuspension: null,
    hidden: false,
    count: 1,
    reasons: [{ reason: 'SPAM', count: 1 }],
    notes: [],
    firstFlaggedAt: '2024-03-01T10:00:00.000Z',
    lastFlaggedAt: '2024-03-01T10:00:00.000Z',
  });

  // user:suspend: the Flags tab's 'Suspend author' on the author of a flagged item, and the Members tab's 'Suspend'.
  it.each(casesOf('user:suspend').map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    const user = signedIn(c.who);
    const target = targetOf(c);
    render(
      <MemoryRouter>
        <FlaggedItemsSection
          items={[flagged(target)]}
          user={user}
          lifting={null}
          onDecide={() => undefined}
          onSuspend={() => undefined}
          onLift={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: /^Suspend author/ }) !== null).toBe(c.allowed);

    const row: AdminUser = { ...storedUser, id: 8, ...target, email: 'target@example.com', suspension: null };
    mockApi({ 'GET /api/admin/users': [200, [row]] });
    renderApp({ routes: [{ path: '/', element: <MembersTab /> }] });
    const shown = await screen.findByTestId(`member-${target.username}`);
    expect(within(shown).queryByRole('button', { name: 'Suspend' }) !== null).toBe(c.allowed);
  });
});
