import { HISTORY_TEXT, type PageData, type Revision } from '@certitude/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAccountTestState, signIn, storedUser } from '../../test/accounts';
import { makeCert } from '../../test/catalogue';
import { mockApi } from '../../test/msw';
import CertificationHistory, { loader } from './certification-history';
import { pageRoute } from '../../test/route-stub';

afterEach(resetAccountTestState);

const cert = makeCert(3, { slug: 'comptia-security-plus', name: 'CompTIA Security+' });

function revision(id: number, over: Partial<Revision> = {}): Revision {
  return {
    id,
    certification: { id: cert.id, slug: cert.slug, name: cert.name },
    author: 'mallory',
    summary: 'Edited with the certification form',
    changes: [{ field: 'url', before: 'https://comptia.org', after: 'https://examp1e-login.test' }],
    status: 'REJECTED',
    reason: 'Not the vendor’s page',
    revertOf: null,
    source: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

/** The public answer of a rejected revision: the decision and its reason, not what it proposed. */
const withheld = revision(9, { summary: '', changes: [], withheld: true });

function open(revisions: Revision[]) {
  const data = {
    getCertification: async () => cert,
    listRevisions: async () => revisions,
  } as unknown as PageData;
  const Stub = createRoutesStub([
    pageRoute({ path: '/certification/:id/history', Component: CertificationHistory, loader, data }),
  ]);
  render(<Stub initialEntries={[`/certification/${cert.slug}/history`]} />);
}

describe('/certification/{id}/history', () => {
  it('a rejected revision shows its decision and reason, and says what it proposed is for moderators', async () => {
    mockApi({});
    open([withheld]);
    const entry = await screen.findByTestId('revision');
    expect(within(entry).getByText('Not applied')).toBeTruthy();
    expect(entry.textContent).toContain('Moderator: Not the vendor’s page');
    expect(within(entry).getByText(HISTORY_TEXT.withheld)).toBeTruthy();
    expect(document.body.textContent).not.toContain('examp1e-login');
  });

  it('a moderator signed in reads what the rejected revision proposed', async () => {
    signIn({ ...storedUser, role: 'MODERATOR' });
    mockApi({ 'GET /api/certification/comptia-security-plus/revisions': [200, [revision(9)]] });
    open([withheld]);
    await waitFor(() => expect(screen.getByTestId('revision').textContent).toContain('examp1e-login.test'));
    expect(screen.queryByText(HISTORY_TEXT.withheld)).toBeNull();
  });
});
