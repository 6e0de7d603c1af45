-- Members' edits of approved certifications wait here for a moderator; the public sees the certification as it
-- was until one approves. Name and vendor are unique among approved certifications only: a pending duplicate is
-- caught at review, so that submitting tells a member nothing about other members' pending items.
CREATE TABLE "certification_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"certification_id" integer NOT NULL,
	"author_id" integer,
	"name" text NOT NULL,
	"cert_code" text NOT NULL,
	"vendor" text NOT NULL,
	"description" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certification_edits" ADD CONSTRAINT "certification_edits_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_edits" ADD CONSTRAINT "certification_edits_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certification_edits_certification_key" ON "certification_edits" USING btree ("certification_id");--> statement-breakpoint
CREATE INDEX "certification_edits_created_idx" ON "certification_edits" USING btree ("created_at");--> statement-breakpoint
DROP INDEX "certifications_name_vendor_key";--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_name_vendor_key" ON "certifications" USING btree (lower("name"),lower("vendor")) WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('APPROVE_CERTIFICATION', 'REJECT_CERTIFICATION', 'APPROVE_RESOURCE', 'REJECT_RESOURCE', 'REMOVE_COMMENT', 'CHANGE_ROLE', 'PUBLISH_ARTICLE', 'EDIT_ARTICLE', 'DELETE_ARTICLE', 'EDIT_CERTIFICATION', 'REJECT_EDIT'));
