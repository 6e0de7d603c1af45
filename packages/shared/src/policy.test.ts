import { describe, expect, it } from 'vitest';
import { casesOf, POLICY_CASES } from '../testing/policy-cases.js';
import { ACTIONS, can } from './policy.js';

const allowed = (who: string, status: string, action: string) =>
  casesOf(
    'certification:view',
    'certification:edit',
    'certification:suggest',
    'certification:change-directly',
    'certification:take-part',
  ).find((c) => c.who === who && c.status === status && c.action === action)!.allowed;

describe('the authorization policy', () => {
  it('has every one of its actions in the table the server and the web agree with', () => {
    expect(new Set(POLICY_CASES.map((c) => c.action))).toEqual(new Set(ACTIONS));
  });

  it('shows public certifications to everyone, others only to their submitter and moderators', () => {
    expect(allowed('visitor', 'APPROVED', 'certification:view')).toBe(true);
    expect(allowed('visitor', 'PENDING', 'certification:view')).toBe(false);
    expect(allowed('member', 'REJECTED', 'certification:view')).toBe(false);
    expect(allowed('owner', 'REJECTED', 'certification:view')).toBe(true);
    expect(allowed('moderator', 'PENDING', 'certification:view')).toBe(true);
  });

  it('lets the submitter and moderators edit, and only moderators (or the submitter before approval) change directly', () => {
    expect(allowed('owner', 'APPROVED', 'certification:edit')).toBe(true);
    expect(allowed('moderator', 'APPROVED', 'certification:edit')).toBe(true);
    expect(allowed('member', 'APPROVED', 'certification:edit')).toBe(false);
    expect(allowed('owner', 'APPROVED', 'certification:change-directly')).toBe(false);
    expect(allowed('owner', 'PENDING', 'certification:change-directly')).toBe(true);
    expect(allowed('admin', 'APPROVED', 'certification:change-directly')).toBe(true);
  });

  it('sends the submitter’s changes of a certification the flags hid to review; moderators still change it directly', () => {
    const held = { status: 'PENDING' as const, submittedBy: 'alice', held: true };
    const alice = { username: 'alice', role: 'USER' as const };
    const mod = { username: 'mod', role: 'MODERATOR' as const };
    expect(can(alice, 'certification:change-directly', held)).toBe(false);
    expect(can(alice, 'certification:change-directly', { ...held, held: false })).toBe(true);
    expect(can(alice, 'certification:edit', held)).toBe(true);
    expect(can(alice, 'certification:view', held)).toBe(true);
    expect(can(mod, 'certification:change-directly', held)).toBe(true);
  });

  it('lets members suggest edits of what they see and take part in public certifications only', () => {
    expect(allowed('member', 'APPROVED', 'certification:suggest')).toBe(true);
    expect(allowed('visitor', 'APPROVED', 'certification:suggest')).toBe(false);
    expect(allowed('member', 'PENDING', 'certification:suggest')).toBe(false);
    expect(allowed('owner', 'PENDING', 'certification:take-part')).toBe(false);
    expect(allowed('member', 'APPROVED', 'certification:take-part')).toBe(true);
  });

  it('keeps comments to their authors, with moderators removing others’ on the record', () => {
    const alice = { username: 'alice', role: 'USER' as const };
    const mod = { username: 'mod', role: 'MODERATOR' as const };
    const comment = { username: 'alice', deleted: false };
    expect(can(alice, 'comment:edit', comment)).toBe(true);
    expect(can(mod, 'comment:edit', comment)).toBe(false);
    expect(can(mod, 'comment:delete', comment)).toBe(true);
    expect(can(mod, 'comment:remove', comment)).toBe(true);
    expect(can(alice, 'comment:remove', comment)).toBe(false);
    expect(can(alice, 'comment:edit', { ...comment, deleted: true })).toBe(false);
    // Hidden by flags, it waits for a moderator's decision: neither its author nor a moderator changes it meanwhile.
    expect(can(alice, 'comment:delete', { ...comment, hidden: true })).toBe(false);
    expect(can(mod, 'comment:remove', { ...comment, hidden: true })).toBe(false);
    expect(can(mod, 'moderate')).toBe(true);
    expect(can(mod, 'administer')).toBe(false);
    expect(can(null, 'moderate')).toBe(false);
  });

  it('lets moderators suspend members, admins anybody, and nobody themselves', () => {
    const member = { username: 'alice', role: 'USER' as const };
    const mod = { username: 'mod', role: 'MODERATOR' as const };
    const otherMod = { username: 'mod2', role: 'MODERATOR' as const };
    const admin = { username: 'root', role: 'ADMIN' as const };
    const otherAdmin = { username: 'root2', role: 'ADMIN' as const };
    expect(can(mod, 'user:suspend', member)).toBe(true);
    expect(can(mod, 'user:suspend', otherMod)).toBe(false);
    expect(can(mod, 'user:suspend', admin)).toBe(false);
    expect(can(admin, 'user:suspend', member)).toBe(true);
    expect(can(admin, 'user:suspend', otherMod)).toBe(true);
    expect(can(admin, 'user:suspend', otherAdmin)).toBe(true);
    expect(can(admin, 'user:suspend', admin)).toBe(false);
    expect(can(member, 'user:suspend', { username: 'bob', role: 'USER' })).toBe(false);
    expect(can(null, 'user:suspend', member)).toBe(false);
  });
});
