-- An account that proved an address once keeps signing in while a changed address waits for its link. Accounts that
-- proved their current address, or ever opened a verification link, ever held a session (sign-in needed a proven
-- address) or signed in with a provider, count as proven.
ALTER TABLE "users" ADD COLUMN "account_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "account_verified" = true
WHERE u."email_verified"
  OR EXISTS (SELECT 1 FROM "email_tokens" t WHERE t."user_id" = u."id" AND t."purpose" = 'VERIFY_EMAIL' AND t."used_at" IS NOT NULL)
  OR EXISTS (SELECT 1 FROM "refresh_tokens" r WHERE r."user_id" = u."id")
  OR EXISTS (SELECT 1 FROM "social_accounts" s WHERE s."user_id" = u."id");--> statement-breakpoint
-- A held entry's expiry follows its certification's validity unless the member gave one. A stored expiry that is not
-- the earned day plus the validity was given by the member; one that is, or none, follows.
ALTER TABLE "member_certifications" ADD COLUMN "expiry_set_by_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "member_certifications" mc SET "expiry_set_by_member" = true
FROM "certifications" c
WHERE c."id" = mc."certification_id"
  AND mc."expires_on" IS NOT NULL
  AND (c."validity_months" IS NULL
    OR mc."expires_on" <> (mc."earned_on" + make_interval(months => c."validity_months"))::date);
