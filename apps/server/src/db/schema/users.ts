import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Null for accounts that only sign in with Google or GitHub. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['USER', 'MODERATOR', 'ADMIN'] })
      .notNull()
      .default('USER'),
    /** The current address is proven (its link was opened, a provider vouched for it, an operator made it). */
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * The account proved an address once. Sign-in asks only this: a member who moves to a new address (not proven
     * yet, perhaps mistyped) keeps signing in (docs/decisions/0039-a-changed-address-never-locks-out.md).
     */
    accountVerified: boolean('account_verified').notNull().default(false),
    /** The account that owns the seeded catalogue; it cannot sign in. */
    isSystem: boolean('is_system').notNull().default(false),
    /** The member lets others see the exam outcome and study hours of their ratings (off: only the summary counts them). */
    showRatingOutcome: boolean('show_rating_outcome').notNull().default(false),
    /**
     * The member's steps are in the common next counts: set while the account is countable (verified, past its first
     * week, not suspended), moved with its pairs by `keepCommonNextCounts` (docs/decisions/0025-common-next-counts.md).
     */
    countsInPaths: boolean('counts_in_paths').notNull().default(false),
    /**
     * The first sign-in's questions (which certifications the member holds, then rating them): answered (DONE) or
     * skipped (SKIPPED), and when; null while still to ask (docs/product.md#first-sign-in).
     */
    firstSignInOutcome: text('first_sign_in_outcome', { enum: ['DONE', 'SKIPPED'] }),
    firstSignInAt: timestamp('first_sign_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} in ('USER', 'MODERATOR', 'ADMIN')`),
    check('users_first_sign_in_outcome_check', sql`${t.firstSignInOutcome} in ('DONE', 'SKIPPED')`),
  ],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'github'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_user_key').on(t.provider, t.providerUserId),
    index('social_accounts_user_idx').on(t.userId),
    check('social_accounts_provider_check', sql`${t.provider} in ('google', 'github')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares a family; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['VERIFY_EMAIL', 'RESET_PASSWORD'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address a verification token confirms (the new one after an email change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('email_tokens_purpose_check', sql`${t.purpose} in ('VERIFY_EMAIL', 'RESET_PASSWORD')`),
  ],
);
