ALTER TABLE "users" ADD COLUMN "first_sign_in_outcome" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_first_sign_in_outcome_check" CHECK ("users"."first_sign_in_outcome" in ('DONE', 'SKIPPED'));--> statement-breakpoint
-- Accounts older than the first sign-in's questions have had their first sign-in: they are not asked (the profile
-- still offers the questions).
UPDATE "users" SET "first_sign_in_outcome" = 'SKIPPED', "first_sign_in_at" = now();
