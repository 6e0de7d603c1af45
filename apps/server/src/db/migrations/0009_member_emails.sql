-- Members' emails (docs/product.md#email-settings): each member's email settings (no row: the defaults), one row per
-- member and day the daily digest ran (its key keeps the digest to once a day across instances), the custom headers
-- of a queued mail (List-Unsubscribe), and when a notification was mailed (so a digest never lists it twice).
CREATE TABLE "member_digests" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"notification_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_digests_pkey" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_email_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"replies" boolean DEFAULT true NOT NULL,
	"decisions" boolean DEFAULT true NOT NULL,
	"watched" boolean DEFAULT false NOT NULL,
	"expiry" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"digest_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_digests" ADD CONSTRAINT "member_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_email_settings" ADD CONSTRAINT "member_email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_email_settings_digest_idx" ON "member_email_settings" USING btree ("user_id") WHERE "member_email_settings"."digest";