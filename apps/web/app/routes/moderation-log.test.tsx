import {
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  MODERATION_LOG_PAGE_SIZE,
  type ModerationLogPage,
  type PageData,
  type PublicModerationEntry,
} from '@certitude/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAccountTestState, signIn, storedUser } from '../../test/accounts';
import { mockApi } from '../../test/msw';
import { ErrorBoundary } from '../root';
import ModerationLogScreen, { loader, meta } from './moderation-log';
import { pageRoute } from '../../test/route-stub';

afterEach(resetAccountTestState);

function entry(id: number, over: Partial<PublicModerationEntry> = {}): PublicModerationEntry {
  return {
    id,
    action: 'APPROVE_CERTIFICATION',
    moderator: 'mod_ada',
    targetType: 'certification',
    targetTitle: `Certification ${id}`,
    targetLink: `/certification/cert-${id}`,
    reason: null,
    createdAt: `2026-03-0${(id % 9) + 1}T14:03:00.000Z`,
    ...over,
  };
}

const suspension = entry(9, {
  action: 'SUSPEND_USER',
  targetType: 'user',
  targetTitle: 'spammer',
  targetLink: null,
  reason: 'Repeated spam in the discussions',
  createdAt: '2026-03-05T14:03:00.000Z',
});
const removal = entry(8, {
  action: 'REMOVE_COMMENT',
  moderator: null,
  targetType: 'comment',
  targetTitle: null,
  targetLink: null,
  reason: 'Off topic',
});

/** The page as the server renders it: its loader reads the page data, a page at a time by cursor. */
function open(url: string, pages: Record<string, ModerationLogPage>) {
  const asked: { limit: number; cursor?: number }[] = [];
  const data = {
    moderationLog: async (query: { limit: number; cursor?: number }) => {
      asked.push(query);
      return pages[String(query.cursor ?? 'first')] ?? { entries: [], nextCursor: null };
    },
  } as unknown as PageData;
  const Stub = createRoutesStub([
    pageRoute({
      path: '/moderation-log',
      Component: ModerationLogScreen,
      ErrorBoundary,
      loader,
      data,
    }),
    { path: '/certification/:id', Component: () => <p>Certification page</p> },
  ]);
  render(<Stub initialEntries={[url]} />);
  return asked;
}

const entries = () => screen.getAllByTestId('moderation-entry');

describe('/moderation-log', () => {
  it('a rejected submission reads without its title; a moderator signed in reads the title', async () => {
    const rejected = entry(20, {
      action: 'REJECT_CERTIFICATION',
      targetTitle: 'a certification that is not public',
      targetLink: null,
      reason: 'Phishing page',
    });
    const visitorCalls = mockApi({});
    open('/moderation-log', { first: { entries: [rejected], nextCursor: null } });
    const [shown] = await screen.findAllByTestId('moderation-entry');
    expect(within(shown!).getByTestId('moderation-target').textContent).toBe('a certification that is not public');
    expect(shown!.textContent).toContain('Reason: Phishing page');
    expect(visitorCalls.filter((c) => c.path.startsWith('/api/moderation-log'))).toEqual([]);
  });

  it('asks again as a moderator, by the same page, and shows the titles kept from the public', async () => {
    signIn({ ...storedUser, role: 'MODERATOR' });
    const rendered = entry(20, { action: 'REJECT_CERTIFICATION', targetTitle: 'a certification that is not public' });
    const calls = mockApi({
      'GET /api/moderation-log': [200, [{ ...rendered, targetTitle: 'Free vouchers at examp1e.test' }]],
    });
    open('/moderation-log?cursor=21', { 21: { entries: [rendered], nextCursor: null } });
    await waitFor(() =>
      expect(screen.getByTestId('moderation-target').textContent).toBe('Free vouchers at examp1e.test'),
    );
    expect(calls.map((c) => c.path)).toEqual([`/api/moderation-log?limit=${MODERATION_LOG_PAGE_SIZE}&cursor=21`]);
  });

  it('shows each entry: the action in words, the target (a link only when it has one), who, why and when', async () => {
    const asked = open('/moderation-log', {
      first: { entries: [suspension, removal, entry(7, { reason: 'Looks right' })], nextCursor: null },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation log' })).toBeTruthy();
    expect(asked).toEqual([{ limit: MODERATION_LOG_PAGE_SIZE }]);
    const [first, second, third] = entries();

    expect(within(first!).getByText('Suspended an account')).toBeTruthy();
    expect(within(first!).getByTestId('moderation-target').textContent).toBe('spammer');
    expect(within(first!).getByTestId('moderation-target').querySelector('a')).toBeNull();
    expect(first!.textContent).toContain('by mod_ada');
    // The moderator's name leads to their public page.
    expect(within(first!).getByRole('link', { name: 'mod_ada' }).getAttribute('href')).toBe('/u/mod_ada');
    expect(first!.textContent).toContain('Reason: Repeated spam in the discussions');
    const time = first!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-03-05T14:03:00.000Z');
    expect(time.textContent).toBe('5 Mar 2026, 14:03 UTC');

    expect(within(second!).getByText('Removed a comment')).toBeTruthy();
    expect(within(second!).queryByRole('link')).toBeNull(); // no target link, and no moderator to link to
    expect(second!.textContent).toContain('by a former moderator');

    expect(within(third!).getByText('Approved a certification')).toBeTruthy();
    const link = within(third!).getByRole('link', { name: 'Certification 7' });
    expect(link.getAttribute('href')).toBe('/certification/cert-7');
    expect(screen.getAllByRole('link', { name: /Certification/ })).toHaveLength(1);

    // The first page has neither the way back nor, on the last page, the way on.
    expect(screen.queryByRole('link', { name: 'Older entries' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Newest entries' })).toBeNull();
    expect(document.body.textContent).not.toContain('@');
  });

  it('shows an item hidden by members’ flags as the flags’ doing, not a former moderator’s', async () => {
    open('/moderation-log', {
      first: {
        entries: [
          entry(12, {
            action: 'HIDE_FLAGGED',
            moderator: null,
            targetType: 'comment',
            targetTitle: 'a comment on Certification 12',
            reason: 'Hidden automatically after flags from 3 members',
          }),
        ],
        nextCursor: null,
      },
    });
    const [hidden] = await screen.findAllByTestId('moderation-entry');
    expect(within(hidden!).getByText('Hid a flagged item pending review')).toBeTruthy();
    expect(hidden!.textContent).toContain('by members’ flags');
    expect(hidden!.textContent).toContain('Reason: Hidden automatically after flags from 3 members');
    expect(hidden!.textContent).not.toContain('former moderator');
  });

  it('links to older entries by cursor, page by page, and back to the newest', async () => {
    const asked = open('/moderation-log', {
      first: { entries: [entry(7), entry(6)], nextCursor: 6 },
      6: { entries: [entry(5), entry(4)], nextCursor: 4 },
      4: { entries: [entry(3)], nextCursor: null },
    });
    const older = await screen.findByRole('link', { name: 'Older entries' });
    expect(older.getAttribute('href')).toBe('/moderation-log?cursor=6');
    fireEvent.click(older);
    expect(await screen.findByRole('link', { name: 'Certification 5' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Certification 7' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Older entries' }).getAttribute('href')).toBe('/moderation-log?cursor=4');
    expect(screen.getByRole('link', { name: 'Newest entries' }).getAttribute('href')).toBe('/moderation-log');
    fireEvent.click(screen.getByRole('link', { name: 'Older entries' }));
    expect(await screen.findByRole('link', { name: 'Certification 3' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Older entries' })).toBeNull();
    expect(asked).toEqual([
      { limit: MODERATION_LOG_PAGE_SIZE },
      { limit: MODERATION_LOG_PAGE_SIZE, cursor: 6 },
      { limit: MODERATION_LOG_PAGE_SIZE, cursor: 4 },
    ]);
  });

  it('says when the log is empty', async () => {
    open('/moderation-log', { first: { entries: [], nextCursor: null } });
    expect(await screen.findByText('No moderation actions yet.')).toBeTruthy();
    expect(screen.queryByTestId('moderation-log')).toBeNull();
  });

  it('answers a cursor it never gave out with Page Not Found, without asking for the log', async () => {
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const asked = open(`/moderation-log?cursor=${bad}`, {});
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
      expect(asked).toEqual([]);
      resetAccountTestState();
    }
  });

  it('links only to paths of this site', async () => {
    open('/moderation-log', {
      first: {
        entries: [
          entry(3, { targetLink: 'https://elsewhere.example/x' }),
          entry(2, { targetLink: '//elsewhere.example/x' }),
          entry(1, { targetLink: 'javascript:alert(1)' }),
        ],
        nextCursor: null,
      },
    });
    await screen.findByText('Certification 3');
    expect(screen.queryAllByRole('link', { name: /Certification/ })).toEqual([]);
  });

  it('has a label for every moderation action', () => {
    for (const action of MODERATION_ACTIONS) expect(MODERATION_ACTION_LABELS[action]).toMatch(/^[A-Z]/);
  });

  it('carries its title, description and canonical link, page by page', () => {
    const tags = (cursor: number | null) =>
      meta({ data: { entries: [], nextCursor: null, cursor, publicUrl: 'https://certitude.test' } } as never) as Record<
        string,
        unknown
      >[];
    expect(tags(null)).toContainEqual({ title: 'Moderation log | Certitude' });
    expect(tags(null)).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://certitude.test/moderation-log',
    });
    expect(tags(null).find((t) => t.name === 'description')?.content).toMatch(/moderators/);
    expect(tags(6)).toContainEqual({ title: 'Moderation log, older entries | Certitude' });
    expect(tags(6)).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://certitude.test/moderation-log?cursor=6',
    });
  });
});
