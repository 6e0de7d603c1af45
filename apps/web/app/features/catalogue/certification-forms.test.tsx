import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Certification } from '@certitude/shared';
import { createRoutesStub } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeCert, member, resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { mockApi } from '../../../test/msw';
import { CertificationCard } from './certification-card';
import { CertificationEditorProvider, useCertificationEditor } from './certification-editor';

// The first lazy load transforms the dialogs and zod on the fly; do it once before the timed waits.
beforeAll(async () => {
  await import('./certification-form-modal');
  await import('./submission-confirmation-modal');
});
afterEach(resetCatalogueTestState);

function SubmitButton() {
  const editor = useCertificationEditor();
  return (
    <button type="button" onClick={editor.submit}>
      open submit
    </button>
  );
}

function CardWithUser({ cert }: { cert: Certification }) {
  return <CertificationCard cert={cert} user={useCurrentUser()} />;
}

function renderPage(changed: unknown[] = [], cert = makeCert(3, { submittedById: member.username })) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <CertificationEditorProvider onChanged={(c) => changed.push(c)}>
          <SubmitButton />
          <CardWithUser cert={cert} />
        </CertificationEditorProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });

describe('Submit New Certification', () => {
  it('checks the five fields with the texts of the rules before sending anything', async () => {
    signIn();
    const calls = mockApi({});
    renderPage();
    fireEvent.click(screen.getByText('open submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Submit New Certification' });
    fill(dialog, 'Official URL', 'not a url');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Certification' }));
    for (const text of [
      'Certification name is required',
      'Certification code is required',
      'Vendor is required',
      'Description is required',
      'Please enter a valid URL',
    ]) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(calls).toEqual([]);
  });

  it('a visitor is told to log in', async () => {
    renderPage();
    fireEvent.click(screen.getByText('open submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Submit New Certification' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Certification' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('You must be logged in to submit a certification');
  });

  it('sends the contract payload, shows Submitting..., then Certification Submitted! with Got it!', async () => {
    signIn();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      'POST /api/certification': async () => {
        await gate;
        return { status: 201, body: makeCert(50, { status: 'PENDING' }) };
      },
    });
    renderPage();
    fireEvent.click(screen.getByText('open submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Submit New Certification' });
    fill(dialog, 'Certification Name', 'Kubernetes Admin');
    fill(dialog, 'Certification Code', 'CKA');
    fill(dialog, 'Vendor', 'CNCF');
    fill(dialog, 'Description', 'Hands-on');
    fill(dialog, 'Official URL', 'https://cncf.io/cka');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Certification' }));
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    release();
    const done = await screen.findByRole('dialog', { name: 'Certification Submitted!' });
    expect(done.textContent).toContain('1-2 business days');
    expect(calls[0]?.body).toEqual({
      name: 'Kubernetes Admin',
      certCode: 'CKA',
      vendor: 'CNCF',
      description: 'Hands-on',
      url: 'https://cncf.io/cka',
      submittedById: 'alice',
    });
    fireEvent.click(within(done).getByRole('button', { name: 'Got it!' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Certification Submitted!' })).toBeNull());
  });

  it("shows the server's message, else Failed to submit certification", async () => {
    signIn();
    mockApi({
      'POST /api/certification': {
        status: 409,
        body: { message: 'A certification with this name and vendor already exists' },
      },
    });
    renderPage();
    fireEvent.click(screen.getByText('open submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Submit New Certification' });
    for (const [label, value] of [
      ['Certification Name', 'A'],
      ['Certification Code', 'B'],
      ['Vendor', 'C'],
      ['Description', 'D'],
      ['Official URL', 'https://e.example'],
    ] as const)
      fill(dialog, label, value);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Certification' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A certification with this name and vendor already exists',
    );

    mockApi({ 'POST /api/certification': { status: 500 } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Certification' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to submit certification'));
  });
});

describe('Edit certification', () => {
  it('Edit shows only for the submitter', () => {
    signIn({ ...member, username: 'someone-else' });
    renderPage();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('the submitter edits: Updating..., then the page is told of the new certification', async () => {
    signIn();
    const changed: unknown[] = [];
    const calls = mockApi({
      'PUT /api/certification/3': { status: 200, body: makeCert(3, { name: 'Renamed', submittedById: 'alice' }) },
    });
    renderPage(changed);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Certification 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Certification' });
    expect((within(dialog).getByLabelText('Certification Name', { exact: false }) as HTMLInputElement).value).toBe(
      'Certification 3',
    );
    fill(dialog, 'Certification Name', 'Renamed');
    fill(dialog, 'Description', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Certification' }));
    await waitFor(() => expect(changed).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { name: 'Renamed', description: '' } });
  });

  it("a failed update shows the server's message, else the default text", async () => {
    signIn();
    let answer: (a: { status: number; body?: unknown }) => void = () => undefined;
    mockApi({
      'PUT /api/certification/3': () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Certification 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Certification' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Certification' }));
    // While the call is out, the button says so and cannot be pressed again.
    const busy = await within(dialog).findByRole('button', { name: 'Updating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer({ status: 409, body: { message: 'A certification with this name and vendor already exists' } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A certification with this name and vendor already exists',
    );

    mockApi({ 'PUT /api/certification/3': { status: 500 } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Certification' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to update certification. Please try again.'),
    );
  });
});
