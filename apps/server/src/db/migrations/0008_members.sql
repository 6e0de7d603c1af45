-- Members (docs/product.md#members): each member's certifications, watched certifications and notifications.
-- A notification's event_key is unique per member, so one event tells each member once.
CREATE TABLE "certification_watches" (
	"user_id" integer NOT NULL,
	"certification_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_watches_pkey" PRIMARY KEY("user_id","certification_id")
);
--> statement-breakpoint
CREATE TABLE "member_certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"certification_id" integer NOT NULL,
	"status" text NOT NULL,
	"earned_on" date,
	"expires_on" date,
	"target_date" date,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_certifications_status_check" CHECK ("member_certifications"."status" in ('HELD', 'STUDYING', 'PLANNED')),
	CONSTRAINT "member_certifications_dates_check" CHECK (("member_certifications"."status" = 'HELD' and "member_certifications"."earned_on" is not null and "member_certifications"."target_date" is null and ("member_certifications"."expires_on" is null or "member_certifications"."expires_on" > "member_certifications"."earned_on")) or ("member_certifications"."status" <> 'HELD' and "member_certifications"."earned_on" is null and "member_certifications"."expires_on" is null))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"link" text NOT NULL,
	"event_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('COMMENT_REPLY', 'SUBMISSION_APPROVED', 'SUBMISSION_REJECTED', 'REVISION_DECIDED', 'WATCHED_ACTIVITY', 'CERTIFICATION_EXPIRING'))
);
--> statement-breakpoint
ALTER TABLE "certification_watches" ADD CONSTRAINT "certification_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_watches" ADD CONSTRAINT "certification_watches_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_certifications" ADD CONSTRAINT "member_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_certifications" ADD CONSTRAINT "member_certifications_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_watches_certification_idx" ON "certification_watches" USING btree ("certification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_certifications_user_certification_key" ON "member_certifications" USING btree ("user_id","certification_id");--> statement-breakpoint
CREATE INDEX "member_certifications_expires_idx" ON "member_certifications" USING btree ("expires_on") WHERE "member_certifications"."status" = 'HELD';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_key" ON "notifications" USING btree ("user_id","event_key");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;