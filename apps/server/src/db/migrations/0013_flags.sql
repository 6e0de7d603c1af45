-- Flags, items hidden by them, the voting-ring job's findings, and the new moderation actions and notification kinds (docs/product.md#flags).
CREATE TABLE "flag_holds" (
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flag_holds_pkey" PRIMARY KEY("target_type","target_id"),
	CONSTRAINT "flag_holds_target_type_check" CHECK ("flag_holds"."target_type" in ('certification', 'resource', 'comment', 'rating'))
);
--> statement-breakpoint
CREATE TABLE "flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	CONSTRAINT "flags_target_type_check" CHECK ("flags"."target_type" in ('certification', 'resource', 'comment', 'rating')),
	CONSTRAINT "flags_reason_check" CHECK ("flags"."reason" in ('SPAM', 'INCORRECT', 'OFFENSIVE', 'DUPLICATE', 'OTHER')),
	CONSTRAINT "flags_resolution_check" CHECK ("flags"."resolution" is null or "flags"."resolution" in ('DISMISS', 'REMOVE')),
	CONSTRAINT "flags_resolved_together" CHECK (("flags"."resolved_at" is null) = ("flags"."resolution" is null))
);
--> statement-breakpoint
CREATE TABLE "voting_ring_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"certification_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"votes" integer NOT NULL,
	"new_account_votes" integer NOT NULL,
	"account_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certification_ratings" ADD COLUMN "review_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certification_ratings" ADD COLUMN "review_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_ring_signals" ADD CONSTRAINT "voting_ring_signals_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flags_member_target_key" ON "flags" USING btree ("target_type","target_id","user_id");--> statement-breakpoint
CREATE INDEX "flags_open_idx" ON "flags" USING btree ("target_type","target_id") WHERE "flags"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "flags_user_created_idx" ON "flags" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "voting_ring_signals_certification_idx" ON "voting_ring_signals" USING btree ("certification_id","window_end");--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('APPROVE_CERTIFICATION', 'REJECT_CERTIFICATION', 'APPROVE_RESOURCE', 'REJECT_RESOURCE', 'REMOVE_COMMENT', 'CHANGE_ROLE', 'PUBLISH_ARTICLE', 'EDIT_ARTICLE', 'DELETE_ARTICLE', 'EDIT_CERTIFICATION', 'REJECT_EDIT', 'APPROVE_REVISION', 'REJECT_REVISION', 'REVERT_REVISION', 'SUSPEND_USER', 'LIFT_SUSPENSION', 'REVERSE_VOTES', 'HIDE_FLAGGED', 'REMOVE_FLAGGED', 'DISMISS_FLAGS'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('COMMENT_REPLY', 'SUBMISSION_APPROVED', 'SUBMISSION_REJECTED', 'REVISION_DECIDED', 'WATCHED_ACTIVITY', 'CERTIFICATION_EXPIRING', 'CONTENT_HIDDEN', 'CONTENT_REMOVED'));