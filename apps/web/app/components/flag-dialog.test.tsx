import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn } from '../../test/accounts';
import { json, mockApi } from '../../test/msw';
import { FlagButton } from './flag-button';

afterEach(resetAccountTestState);
// The dialog the button loads when first clicked, loaded up front: a wait for it then measures the app, not the
// module transform of a busy machine (as test/setup.ts does for the screens every file may meet).
beforeAll(() => import('./flag-dialog'));

/** The button beside the comment's text, which renders in the same pass: once the text shows, so would the button. */
function open() {
  renderApp({
    routes: [
      {
        path: '/',
        element: (
          <>
            <p>Bob’s comment</p>
            <FlagButton targetType="comment" targetId={42} what="comment" author="bob" />
          </>
        ),
      },
    ],
  });
  return screen.findByText('Bob’s comment');
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Flag comment' }));
  return screen.findByRole('dialog', { name: 'Flag this comment' });
}

const posts = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'POST');

describe('the Flag control and its dialog', () => {
  it('is not shown to visitors, nor on the member’s own item', async () => {
    mockApi({});
    await open();
    expect(screen.queryByRole('button', { name: 'Flag comment' })).toBeNull();
    resetAccountTestState();

    signIn({ id: 3, username: 'bob', email: 'bob@example.com', role: 'USER', emailVerified: true, createdAt: '' });
    mockApi({});
    await open();
    expect(screen.queryByRole('button', { name: 'Flag comment' })).toBeNull();
  });

  it('asks for a reason, requires a note with “Something else”, sends the flag and reads Flagged', async () => {
    signIn();
    const calls = mockApi({
      'POST /api/flags': [201, { id: 1, targetType: 'comment', targetId: 42, hidden: false }],
    });
    open();
    const dialog = await openDialog();
    const group = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      'Spam or advertising',
      'Incorrect or out of date',
      'Offensive or abusive',
      'Duplicate',
      'Something else',
    ]);

    // No reason: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    // "Something else" without a note: nothing is sent, the note has the focus.
    fireEvent.click(within(dialog).getByLabelText('Something else'));
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(await within(dialog).findByText('Please say what is wrong in the note')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Note/));
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: ' Copied from a blog ' } });
    expect(within(dialog).getByText('20 / 500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls).map((c) => c.body)).toEqual([
      { targetType: 'comment', targetId: 42, reason: 'OTHER', note: 'Copied from a blog' },
    ]);
    const flagged = screen.getByRole('button', { name: 'Flagged comment' }) as HTMLButtonElement;
    expect(flagged.disabled).toBe(true);
  });

  it('sends a flag without a note for the other reasons', async () => {
    signIn();
    const calls = mockApi({ 'POST /api/flags': [201, { id: 2, targetType: 'comment', targetId: 42, hidden: true }] });
    open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText('Spam or advertising'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls).map((c) => c.body)).toEqual([{ targetType: 'comment', targetId: 42, reason: 'SPAM' }]);
  });

  it('on 409 shows the server’s message and marks the item flagged', async () => {
    signIn();
    mockApi({
      'POST /api/flags': () =>
        json(409, { statusCode: 409, error: 'Conflict', message: 'You have already flagged this comment' }),
    });
    open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText('Duplicate'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You have already flagged this comment');
    expect(within(dialog).queryByRole('button', { name: 'Send flag' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Flagged comment', hidden: true }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows any other refusal of the server in the dialog', async () => {
    signIn();
    mockApi({
      'POST /api/flags': () =>
        json(429, { statusCode: 429, error: 'Too Many Requests', message: 'You are flagging too quickly' }),
    });
    open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText('Offensive or abusive'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You are flagging too quickly');
    expect(within(dialog).getByRole('button', { name: 'Send flag' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Flagged comment', hidden: true })).toBeNull();
  });
});
