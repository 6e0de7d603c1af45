-- Suspensions (docs/product.md#suspensions, decision 27): one row per suspension, kept as the account's history. In
-- force while not lifted and its end (null: until lifted) is ahead of the clock, so nothing runs at the end. The
-- partial index answers "the suspension in force of user X", which the auth hook asks on every request. The moderation
-- log learns the two new actions, and the certification of a removed comment or a decided resource, so that the public
-- log can name it once the comment is gone (its words are no longer stored).
CREATE TABLE "user_suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"moderator_id" integer,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	CONSTRAINT "user_suspensions_ends_after_start" CHECK ("user_suspensions"."ends_at" is null or "user_suspensions"."ends_at" > "user_suspensions"."created_at")
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "certification_id" integer;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_suspensions_open_idx" ON "user_suspensions" USING btree ("user_id","ends_at") WHERE "user_suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "user_suspensions_user_idx" ON "user_suspensions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('APPROVE_CERTIFICATION', 'REJECT_CERTIFICATION', 'APPROVE_RESOURCE', 'REJECT_RESOURCE', 'REMOVE_COMMENT', 'CHANGE_ROLE', 'PUBLISH_ARTICLE', 'EDIT_ARTICLE', 'DELETE_ARTICLE', 'EDIT_CERTIFICATION', 'REJECT_EDIT', 'APPROVE_REVISION', 'REJECT_REVISION', 'REVERT_REVISION', 'SUSPEND_USER', 'LIFT_SUSPENSION'));