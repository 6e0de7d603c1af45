import { MSG, type TrackerEntry } from '@certitude/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../../test/accounts';
import { type ApiCall, json, mockApi } from '../../../test/msw';
import { makeCert } from '../../../test/catalogue';
import { emailSettings, trackerEntry } from '../../../test/members';
import ProfileScreen from '../../routes/profile';

afterEach(resetAccountTestState);

/** /profile for a signed-in member whose list holds `entries`; `routes` adds or replaces answers. */
function open(entries: TrackerEntry[], routes: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  const calls = mockApi({
    'GET /api/user/profile': [200, storedUser],
    'GET /api/user/certifications': () => json(200, entries),
    'GET /api/user/notification-settings': [200, emailSettings],
    'GET /api/certification': [200, [makeCert(1), makeCert(2), makeCert(3, { name: 'Cloud Practitioner' })]],
    // My plan's calls: what follows a held certification, and the study hours of one still to take.
    'GET /api/certification/:id/next': [200, []],
    'GET /api/certification/:id/ratings': [404, { statusCode: 404, error: 'Not Found', message: 'Not found' }],
    ...routes,
  });
  renderApp({ routes: [{ path: '/profile', element: <ProfileScreen /> }], url: '/profile' });
  return calls;
}

const section = () => screen.getByRole('region', { name: 'My certifications' });
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

async function openForm() {
  fireEvent.click(await within(section()).findByRole('button', { name: 'Add a certification' }));
  return screen.findByRole('form', { name: 'Add a certification' });
}

describe('My plan on /profile', () => {
  it('puts the entries on a timeline with the exam cost still to take and the next step of a held one', async () => {
    open(
      [
        trackerEntry(1, { earnedOn: '2024-03-01', expiresOn: '2027-03-01' }),
        trackerEntry(2, { status: 'PLANNED', earnedOn: null, expiresOn: null, targetDate: '2026-05-01' }),
      ],
      {
        'GET /api/certification': [200, [makeCert(1), makeCert(2, { exam: { ...makeCert(2).exam, costUsd: 300 } })]],
        'GET /api/certification/:id/next': (call) =>
          json(
            200,
            call.path.endsWith('/1/next')
              ? [
                  {
                    certification: { id: 2, slug: 'cert-2', name: 'Certification 2' },
                    reason: 'PREREQUISITE_OF',
                    members: null,
                  },
                ]
              : [],
          ),
      },
    );
    // Its code loads once the entries are known.
    const plan = await screen.findByRole('region', { name: 'My plan' }, { timeout: 5000 });
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(
      expect.arrayContaining(['1 Mar 2024 Held Earned: Certification 1', '1 May 2026 Planned Target: Certification 2']),
    );
    expect((await within(plan).findByTestId('plan-totals')).textContent).toBe(
      '1 certification still to take · Exam cost: US$300',
    );
    expect(within(plan).getByTestId('plan-next').textContent).toBe(
      'After Certification 1: Certification 2 (Builds on this certification)',
    );
  });
});

describe('My certifications on /profile', () => {
  it('lists the entries in the order the server gave, with status, dates and visibility, and links to the public profile', async () => {
    open([
      trackerEntry(1),
      trackerEntry(2, { status: 'STUDYING', earnedOn: null, expiresOn: null, targetDate: '2030-06-15', public: true }),
      trackerEntry(3, { expiresOn: '2020-01-01' }),
    ]);
    const rows = await within(section()).findAllByTestId('tracker-entry');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Certification 1',
      'Certification 2',
      'Certification 3',
    ]);
    expect(rows[0]!.textContent).toContain('Held');
    expect(rows[0]!.textContent).toContain('Earned 1 Mar 2024');
    expect(rows[0]!.textContent).toContain('Expires 1 Mar 2097');
    expect(rows[0]!.textContent).toContain('Private');
    expect(rows[1]!.textContent).toContain('Studying');
    expect(rows[1]!.textContent).toContain('Target 15 Jun 2030');
    expect(rows[1]!.textContent).toContain('Public');
    expect(rows[2]!.textContent).toContain('Expired 1 Jan 2020');
    expect(within(section()).getByRole('link', { name: 'View my public profile' }).getAttribute('href')).toBe('/u/ada');
  });

  it('adds a certification chosen from the searchable list, private unless the box is ticked', async () => {
    let entries: TrackerEntry[] = [];
    const calls = open(entries, {
      'GET /api/user/certifications': () => json(200, entries),
      'PUT /api/user/certifications/3': (call) => {
        entries = [trackerEntry(3, { ...(call.body as object), earnedOn: null, expiresOn: null })];
        return json(200, entries[0]);
      },
    });
    expect(await within(section()).findByText('You have not added any certifications yet.')).toBeTruthy();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Find a certification'), { target: { value: 'cloud' } });
    const select = within(form).getByLabelText('Certification') as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toHaveLength(2));
    expect(select.options[1]!.textContent).toBe('Cloud Practitioner (Vendor, C-3)');
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'STUDYING' } });
    expect(within(form).queryByLabelText('Earned on')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Target date'), { target: { value: '2030-06-15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a certification' })).toBeNull());
    expect(puts(calls)[0]!.body).toEqual({ status: 'STUDYING', targetDate: '2030-06-15', public: false });
    expect((await within(section()).findByTestId('tracker-entry')).textContent).toContain('Certification 3');
  });

  it('sends a held one with its days and the public box, and leaves an empty expiry to the server', async () => {
    const calls = open([], { 'PUT /api/user/certifications/1': [200, trackerEntry(1)] });
    const form = await openForm();
    const select = within(form).getByLabelText('Certification') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Earned on'), { target: { value: '2024-03-01' } });
    fireEvent.click(within(form).getByLabelText('Show on my public profile'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ status: 'HELD', earnedOn: '2024-03-01', public: true });
  });

  it("shows the server's refusals under the fields they are about, and other failures above the form", async () => {
    let answer = json(400, { message: `${MSG.trackerEarnedInFuture}; ${MSG.trackerExpiresBeforeEarned}` });
    open([], { 'PUT /api/user/certifications/2': () => answer });
    const form = await openForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose a certification');
    const select = within(form).getByLabelText('Certification') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Earned on'), { target: { value: '2099-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const earned = within(form).getByLabelText('Earned on');
    await waitFor(() => expect(earned.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(earned.getAttribute('aria-describedby')!)!.textContent).toBe(
      MSG.trackerEarnedInFuture,
    );
    expect(within(form).getByText(MSG.trackerExpiresBeforeEarned)).toBeTruthy();

    answer = json(500, { message: 'Internal Server Error' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getAllByRole('alert')[0]!.textContent).toBe('Internal Server Error'));
  });

  it('edits an entry with its values filled in, and removes one', async () => {
    // The first one's expiry was given by the member; the second one's follows the validity and stays empty.
    let entries = [trackerEntry(1, { expirySetByMember: true }), trackerEntry(2, { public: true })];
    const calls = open(entries, {
      'GET /api/user/certifications': () => json(200, entries),
      'PUT /api/user/certifications/1': (call) => json(200, { ...trackerEntry(1), ...(call.body as object) }),
      'DELETE /api/user/certifications/2': () => {
        entries = entries.filter((e) => e.certification.id !== 2);
        return json(204);
      },
    });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Edit Certification 1' }));
    const form = await screen.findByRole('form', { name: 'Edit: Certification 1' });
    expect(within(form).queryByLabelText('Certification')).toBeNull();
    expect((within(form).getByLabelText('Earned on') as HTMLInputElement).value).toBe('2024-03-01');
    expect((within(form).getByLabelText('Expires on') as HTMLInputElement).value).toBe('2097-03-01');
    fireEvent.change(within(form).getByLabelText('Expires on'), { target: { value: '2098-03-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      status: 'HELD',
      earnedOn: '2024-03-01',
      expiresOn: '2098-03-01',
      public: false,
    });

    fireEvent.click(within(section()).getByRole('button', { name: 'Remove Certification 2' }));
    await waitFor(() => expect(within(section()).getAllByTestId('tracker-entry')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/certifications/2')).toBe(true);
  });

  it('leaves an expiry that follows the validity empty when editing, so that saving keeps it following', async () => {
    const entries = [trackerEntry(1)];
    const calls = open(entries, {
      'PUT /api/user/certifications/1': (call) => json(200, { ...trackerEntry(1), ...(call.body as object) }),
    });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Edit Certification 1' }));
    const form = await screen.findByRole('form', { name: 'Edit: Certification 1' });
    expect((within(form).getByLabelText('Expires on') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ status: 'HELD', earnedOn: '2024-03-01', public: false });
  });

  it('says so when an entry cannot be removed', async () => {
    open([trackerEntry(1)], { 'DELETE /api/user/certifications/1': [404, { message: MSG.certificationNotFound }] });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Remove Certification 1' }));
    expect((await within(section()).findByRole('alert')).textContent).toBe(MSG.certificationNotFound);
    expect(within(section()).getAllByTestId('tracker-entry')).toHaveLength(1);
  });
});

describe('Email settings on /profile', () => {
  const region = () => screen.getByRole('region', { name: 'Email settings' });

  it('saves the checkboxes with PUT and says so; a failure says that', async () => {
    let fail = false;
    const calls = open([], {
      'PUT /api/user/notification-settings': (call) => (fail ? json(500, {}) : json(200, call.body)),
    });
    const watched = (await within(region()).findByLabelText(
      'Activity on certifications you watch',
    )) as HTMLInputElement;
    expect(watched.checked).toBe(false);
    expect((within(region()).getByLabelText('Replies to your comments') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(watched);
    fireEvent.click(within(region()).getByLabelText('Daily digest instead of one email per event'));
    fireEvent.click(within(region()).getByRole('button', { name: 'Save email settings' }));
    expect((await within(region()).findByRole('status')).textContent).toBe('Your email settings were saved.');
    expect(puts(calls)[0]!.body).toEqual({
      email: { replies: true, decisions: true, watched: true, expiry: true, digest: true },
    });

    fail = true;
    fireEvent.click(within(region()).getByLabelText('Reminders before your certifications expire'));
    fireEvent.click(within(region()).getByRole('button', { name: 'Save email settings' }));
    expect((await within(region()).findByRole('alert')).textContent).toBe('Failed to save your email settings');
  });

  it('says when the settings cannot be read', async () => {
    open([], { 'GET /api/user/notification-settings': [500, {}] });
    expect((await within(region()).findByRole('alert')).textContent).toBe('Failed to load your email settings');
  });

  it('adds a badge by its link: the entry says Verified; a refused badge says why', async () => {
    const badge = {
      id: 4,
      certification: { id: 1, slug: 'cert-1', name: 'Certification 1' },
      issuer: { name: 'Vendor Badges', url: 'https://badges.vendor.example/issuer' },
      issuedOn: '2024-03-01',
      expiresOn: '2097-03-01',
      status: 'VERIFIED',
      verifiedAt: '2026-11-27T10:00:00.000Z',
    };
    let badges: unknown[] = [];
    let refuse = true;
    const calls = open([trackerEntry(1)], {
      'GET /api/user/badges': () => json(200, badges),
      'POST /api/user/badges': () => {
        if (refuse) {
          return json(422, {
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: MSG.badgeRecipientMismatch,
            reason: 'RECIPIENT_MISMATCH',
          });
        }
        badges = [badge];
        return json(201, badge);
      },
    });
    const row = (await within(section()).findAllByTestId('tracker-entry'))[0]!;
    expect(within(row).queryByTestId('verified')).toBeNull();
    const input = within(section()).getByLabelText('Badge link');
    fireEvent.change(input, { target: { value: 'https://badges.vendor.example/assertions/1' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Add badge' }));
    expect((await within(section()).findByRole('alert')).textContent).toBe(MSG.badgeRecipientMismatch);
    refuse = false;
    fireEvent.click(within(section()).getByRole('button', { name: 'Add badge' }));
    expect((await within(section()).findByRole('status')).textContent).toBe(
      'Verified: Certification 1 is marked held.',
    );
    await waitFor(() => expect(within(section()).getByTestId('verified').textContent).toBe('Verified'));
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/api/user/badges');
    expect(posted.at(-1)!.body).toEqual({ url: 'https://badges.vendor.example/assertions/1' });
  });
});
