import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_HOURS, PRODUCT_NAME } from '@certitude/shared';
import type { OutgoingMail } from '../outbox.repository.js';
import { appLink, renderMail } from './layout.js';

interface Recipient {
  to: string;
  username: string;
}

export function verifyEmailMail(r: Recipient & { publicUrl: string; token: string }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'verify-email',
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      `Please confirm that ${r.to} is your email address. You can sign in once it is verified.`,
      `The link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
      'If you did not create an account or change your address, ignore this message.',
    ],
    action: { label: 'Verify email address', url: appLink(r.publicUrl, '/verify-email', r.token) },
  });
}

export function resetPasswordMail(r: Recipient & { publicUrl: string; token: string }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'reset-password',
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      'Someone asked to reset the password of your account. If it was you, choose a new password here.',
      `The link works once and expires in ${PASSWORD_RESET_TTL_HOURS} hour. Resetting signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: appLink(r.publicUrl, '/reset-password', r.token) },
  });
}

/** Sent to the old address, so that the owner notices a change they did not make. */
export function emailChangedMail(r: Recipient & { newEmail: string }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'email-changed',
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      `The email address of your account was changed from ${r.to} to ${r.newEmail}.`,
      `If you made this change, open the link we sent to ${r.newEmail} to confirm the new address. Until then your profile marks it as not verified, and you can still sign in as usual; if the address is wrong, sign in and change it again from your profile.`,
      `If you did not, someone may know your password: sign in, change your password and set your address back from your profile at once, and reply to this message or contact the ${PRODUCT_NAME} team.`,
    ],
  });
}

/** To the owner of an address another member tried to move their account to (the member is told nothing). */
export function emailInUseMail(r: Recipient): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'email-in-use',
    subject: `Someone tried to use your address on ${PRODUCT_NAME}`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      `Another ${PRODUCT_NAME} member tried to use this address, which already belongs to your account, for their own account. Nothing was changed.`,
      'If that was you with a second account, sign in to this one instead. Otherwise there is nothing to do.',
    ],
  });
}

export function passwordChangedMail(r: Recipient & { how: 'changed' | 'reset' }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'password-changed',
    subject: `Your ${PRODUCT_NAME} password was ${r.how}`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      r.how === 'reset'
        ? 'The password of your account was reset through the link sent to this address, and every session was signed out.'
        : 'The password of your account was changed, and your other sessions were signed out.',
      `If this was not you, reset your password at once with "Forgot your password?" on ${PRODUCT_NAME}.`,
    ],
  });
}
