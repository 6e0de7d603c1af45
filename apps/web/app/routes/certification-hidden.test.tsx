import type { PageData } from '@certitude/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeCert, member, resetCatalogueTestState, signIn } from '../../test/catalogue';
import { mockApi } from '../../test/msw';
import { AuthModalProvider } from '../lib/auth-modal-context';
import CertificationPage, { loader } from './certification';
import { pageRoute } from '../../test/route-stub';

// The first lazy load transforms the dialogs and zod on the fly; do it once before the timed waits.
beforeAll(async () => {
  await import('../features/catalogue/certification-form-modal');
  await import('../features/catalogue/submission-confirmation-modal');
});
afterEach(resetCatalogueTestState);

/** A certification members' flags hid: PENDING again, as its submitter reads it (docs/product.md#flags). */
const hidden = makeCert(3, { status: 'PENDING', submittedById: member.username, hiddenByFlags: true });

/** The page as the server renders it for a visitor (the certification is private), then the member's browser. */
function open() {
  const data = { getCertification: async () => null } as unknown as PageData;
  const Stub = createRoutesStub([
    pageRoute({ path: '/certification/:id', Component: CertificationPage, loader, data }),
  ]);
  render(
    <AuthModalProvider>
      <Stub initialEntries={['/certification/cert-3']} />
    </AuthModalProvider>,
  );
}

describe('a certification the flags hid, seen by its submitter', () => {
  it('says “Hidden pending review” and why, and the edit form says the changes wait for review', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/certification/cert-3': { status: 200, body: hidden },
      // The member's own waiting suggestions (the facts card's notice): none.
      'GET /api/certification/cert-3/revisions': { status: 200, body: [] },
      'PUT /api/certification/3': { status: 200, body: { ...hidden, pendingEdit: true } },
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Certification 3' })).toBeTruthy();
    expect(screen.getByText('Hidden pending review')).toBeTruthy();
    expect(screen.queryByText('Pending review')).toBeNull();
    expect(screen.getByTestId('hidden-by-flags').textContent).toBe(
      'Members flagged this certification, so only you and the moderators can see it until a moderator reviews it. Changes you make meanwhile wait for the same review.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Certification' });
    expect(within(dialog).getByRole('note').textContent).toBe(
      'Members flagged this certification, so it is hidden until a moderator reviews it: your changes will be reviewed by a moderator too.',
    );
    fireEvent.change(within(dialog).getByLabelText('Certification Name', { exact: false }), {
      target: { value: 'Renamed while hidden' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Certification' }));
    const sent = 'Your edit has been sent for review. The certification stays as it is until a moderator approves it.';
    // The confirmation says so, and so does the page under the certification's title.
    await waitFor(() => expect(screen.getAllByText(sent)).toHaveLength(2));
    expect(screen.getByTestId('edit-awaiting-review').textContent).toBe(sent);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { name: 'Renamed while hidden' } });
    // The page still shows the certification as it stands.
    expect(screen.getByRole('heading', { level: 1, name: 'Certification 3' })).toBeTruthy();
  });

  it('an ordinary pending submission keeps “Pending review”', async () => {
    signIn();
    mockApi({
      'GET /api/certification/cert-3': { status: 200, body: { ...hidden, hiddenByFlags: undefined } },
      'GET /api/certification/cert-3/revisions': { status: 200, body: [] },
    });
    open();
    expect(await screen.findByText('Pending review')).toBeTruthy();
    expect(screen.queryByText('Hidden pending review')).toBeNull();
    expect(screen.queryByTestId('hidden-by-flags')).toBeNull();
  });
});
