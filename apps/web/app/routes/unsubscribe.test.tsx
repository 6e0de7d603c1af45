import { MEMBER_EMAIL_TEXT, type PageData, type UnsubscribeInfo } from '@certitude/shared';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAccountTestState } from '../../test/accounts';
import UnsubscribeScreen, { loader } from './unsubscribe';
import { pageRoute } from '../../test/route-stub';

afterEach(resetAccountTestState);

/** The page as the server renders it, with page data that knows the tokens of `infos`. */
function open(url: string, infos: Record<string, UnsubscribeInfo>) {
  const asked: string[] = [];
  const data = {
    unsubscribeInfo: async (token: string) => {
      asked.push(token);
      return infos[token] ?? null;
    },
  } as unknown as PageData;
  const Stub = createRoutesStub([pageRoute({ path: '/unsubscribe', Component: UnsubscribeScreen, loader, data })]);
  render(<Stub initialEntries={[url]} />);
  return asked;
}

describe('/unsubscribe?token=', () => {
  it('names the emails and the member, with a plain form that posts the one-click answer to the same address', async () => {
    const asked = open('/unsubscribe?token=7.replies.sig%2Bx', {
      '7.replies.sig+x': { kind: 'replies', username: 'ada', subscribed: true },
    });
    expect(await screen.findByText('Turn off “Replies to your comments” emails for ada?')).toBeTruthy();
    expect(asked).toEqual(['7.replies.sig+x']);
    const button = screen.getByRole('button', { name: 'Unsubscribe' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/unsubscribe?token=7.replies.sig%2Bx');
    const hidden = form.querySelector('input[type="hidden"]') as HTMLInputElement;
    expect([hidden.name, hidden.value]).toEqual(['List-Unsubscribe', 'One-Click']);
    expect(screen.getByRole('link', { name: 'Go to my profile' }).getAttribute('href')).toBe('/profile');
  });

  it('says when those emails are off already, without a form', async () => {
    open('/unsubscribe?token=t', { t: { kind: 'digest', username: 'ada', subscribed: false } });
    expect(
      await screen.findByText('“The daily digest of your unread notifications” emails are already turned off for ada.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says an invalid link is invalid, and asks nothing without a token', async () => {
    open('/unsubscribe?token=forged', {});
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_EMAIL_TEXT.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    resetAccountTestState();
    const asked = open('/unsubscribe', {});
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_EMAIL_TEXT.unsubscribeInvalid);
    expect(asked).toEqual([]);
  });
});
