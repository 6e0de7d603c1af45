import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  commentContentError,
  createCommentRequestSchema,
  loginRequestSchema,
  matchesSearch,
  MSG,
  newPasswordSchema,
  passwordStrength,
  registerRequestSchema,
  resetPasswordRequestSchema,
  scoreOf,
  slugify,
} from './index.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('the validation rules', () => {
  it('login: username 3 to 50, password at least 6', () => {
    expect(loginRequestSchema.safeParse({ username: 'ab', password: 'secret' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'abc', password: 'short' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'abc', password: 'secret' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ username: 'a'.repeat(51), password: 'secret' }).success).toBe(false);
  });

  it('register: passwords must match, with the text of the rule', () => {
    const r = registerRequestSchema.safeParse({
      username: 'alice',
      email: 'a@example.com',
      password: 'longenough',
      confirmPassword: 'different',
    });
    expect(firstMessage(r)).toBe(MSG.passwordsDoNotMatch);
    const bad = registerRequestSchema.safeParse({
      username: 'alice',
      email: 'not-an-email',
      password: 'longenough',
      confirmPassword: 'longenough',
    });
    expect(firstMessage(bad)).toBe(MSG.emailInvalid);
  });

  it('change password: each missing kind of character has its own message', () => {
    expect(firstMessage(newPasswordSchema.safeParse('Ab1'))).toBe('Password must be at least 8 characters long');
    expect(firstMessage(newPasswordSchema.safeParse('ABCDEFG1'))).toBe(
      'Password must contain at least one lowercase letter',
    );
    expect(firstMessage(newPasswordSchema.safeParse('abcdefg1'))).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect(firstMessage(newPasswordSchema.safeParse('Abcdefgh'))).toBe('Password must contain at least one number');
    expect(newPasswordSchema.safeParse('Abcdefg1').success).toBe(true);
  });

  it('reset password needs all five criteria', () => {
    const weak = resetPasswordRequestSchema.safeParse({
      token: 't',
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
    expect(firstMessage(weak)).toBe(MSG.resetPasswordRule);
    expect(
      resetPasswordRequestSchema.safeParse({ token: 't', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }).success,
    ).toBe(true);
  });

  it('strength: Weak under 3 of 5 criteria, Medium 3-4, Strong 5', () => {
    expect(passwordStrength('abc')).toBe('Weak');
    expect(passwordStrength('abcdefgh')).toBe('Weak');
    expect(passwordStrength('abcdefgH')).toBe('Medium');
    expect(passwordStrength('abcdefH1')).toBe('Medium');
    expect(passwordStrength('abcdeH1!')).toBe('Strong');
  });

  it('comments: trimmed, 1 to 2000, no dangerous patterns, with the texts of the rule', () => {
    expect(commentContentError('   ')).toBe('Comment cannot be empty');
    expect(commentContentError('x'.repeat(2001))).toBe('Comment cannot exceed 2000 characters');
    expect(commentContentError(`  ${'x'.repeat(2000)}  `)).toBeNull();
    expect(commentContentError('<script>alert(1)</script>')).toBe('Comment contains potentially dangerous content');
    expect(commentContentError('[x](javascript:alert(1))')).toBe('Comment contains potentially dangerous content');
    expect(commentContentError('<img src=x onerror=alert(1)>')).toBe('Comment contains potentially dangerous content');
    expect(commentContentError('Passed SAA-C03 last week, the practice exams helped.')).toBeNull();
    expect(commentContentError('<svg/onload=alert(1)>')).toBe('Comment contains potentially dangerous content');
    expect(commentContentError('<a href="#" onclick = "x()">')).toBe('Comment contains potentially dangerous content');
    expect(commentContentError('In Python, one = two assigns; online=yes is a flag.')).toBeNull();
    expect(createCommentRequestSchema.parse({ content: '  hello  ' }).content).toBe('hello');
  });

  it('search is a case-insensitive substring match on name, vendor, code and description', () => {
    const cert = {
      name: 'Certified Kubernetes Administrator',
      vendor: 'Linux Foundation',
      certCode: 'CKA',
      description: 'Hands-on cluster exam',
    };
    expect(matchesSearch(cert, 'kubernetes')).toBe(true);
    expect(matchesSearch(cert, 'LINUX')).toBe(true);
    expect(matchesSearch(cert, 'cka')).toBe(true);
    expect(matchesSearch(cert, 'cluster')).toBe(true);
    expect(matchesSearch(cert, 'azure')).toBe(false);
    expect(matchesSearch(cert, '  ')).toBe(true);
  });

  it('search also finds a certification by a previous exam code and by the name of one of its domains', () => {
    const cert = {
      name: 'CompTIA Security+',
      vendor: 'CompTIA',
      certCode: 'SY0-701',
      description: 'Baseline security skills',
      previousCodes: ['SY0-601', 'SY0-501'],
      domains: ['security', 'governance-risk-compliance'],
    };
    expect(matchesSearch(cert, 'sy0-601')).toBe(true);
    expect(matchesSearch(cert, 'Governance, risk')).toBe(true);
    expect(matchesSearch(cert, 'networking')).toBe(false);
    // No match spans two fields: the end of the code and the start of an old code are not one word.
    expect(matchesSearch(cert, '701sy0')).toBe(false);
  });
});

describe('the product constants', () => {
  it('score is upvotes minus downvotes', () => {
    expect(scoreOf({ upvoteCount: 5, downvoteCount: 7 })).toBe(-2);
  });

  it("the badge shows '99+' above 99", () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });

  it('slugs are lowercase words joined by hyphens', () => {
    expect(slugify('AWS Certified Solutions Architect – Associate')).toBe(
      'aws-certified-solutions-architect-associate',
    );
    expect(slugify('  Café & Crème!! ')).toBe('cafe-creme');
  });
});
