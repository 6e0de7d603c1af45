-- Certification facts, the domain taxonomy, prerequisite and supersession links, and the public revision history
-- (docs/product.md#certification-facts). Search also reads `search_extra` (previous exam codes, domain names).
CREATE TABLE "certification_domains" (
	"certification_id" integer NOT NULL,
	"domain_id" integer NOT NULL,
	CONSTRAINT "certification_domains_pkey" PRIMARY KEY("certification_id","domain_id")
);
--> statement-breakpoint
CREATE TABLE "certification_prerequisites" (
	"certification_id" integer NOT NULL,
	"prerequisite_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "certification_prerequisites_pkey" PRIMARY KEY("certification_id","prerequisite_id"),
	CONSTRAINT "certification_prerequisites_self_check" CHECK ("certification_prerequisites"."certification_id" <> "certification_prerequisites"."prerequisite_id"),
	CONSTRAINT "certification_prerequisites_kind_check" CHECK ("certification_prerequisites"."kind" in ('REQUIRED', 'RECOMMENDED'))
);
--> statement-breakpoint
CREATE TABLE "certification_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"certification_id" integer NOT NULL,
	"author_id" integer,
	"summary" text NOT NULL,
	"changes" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"base_revision" integer NOT NULL,
	"revert_of" integer,
	"decided_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "certification_revisions_status_check" CHECK ("certification_revisions"."status" in ('PENDING', 'APPLIED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "search_extra" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, name || ' ' || cert_code || ' ' || vendor || ' ' || search_extra), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" drop column "search_label";--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "search_label" text GENERATED ALWAYS AS (lower(name || ' ' || cert_code || ' ' || vendor || ' ' || search_extra)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "exam_cost_usd" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "exam_duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "exam_question_count" integer;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "exam_passing_score" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "exam_formats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "exam_delivery" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "validity_months" integer;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "renewal" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "prerequisite_notes" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "lifecycle" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "retires_on" date;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "superseded_by_id" integer;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "previous_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "facts_verified_at" date;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "facts_source" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_domains" ADD CONSTRAINT "certification_domains_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_domains" ADD CONSTRAINT "certification_domains_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_prerequisites" ADD CONSTRAINT "certification_prerequisites_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_prerequisites" ADD CONSTRAINT "certification_prerequisites_prerequisite_id_certifications_id_fk" FOREIGN KEY ("prerequisite_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_revisions" ADD CONSTRAINT "certification_revisions_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_revisions" ADD CONSTRAINT "certification_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_revisions" ADD CONSTRAINT "certification_revisions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_domains_domain_idx" ON "certification_domains" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "certification_prerequisites_prerequisite_idx" ON "certification_prerequisites" USING btree ("prerequisite_id");--> statement-breakpoint
CREATE INDEX "certification_revisions_certification_idx" ON "certification_revisions" USING btree ("certification_id","created_at");--> statement-breakpoint
CREATE INDEX "certification_revisions_pending_idx" ON "certification_revisions" USING btree ("created_at") WHERE "certification_revisions"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "certification_revisions_author_idx" ON "certification_revisions" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_slug_key" ON "domains" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_superseded_by_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."certifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_level_check" CHECK ("certifications"."level" in ('FOUNDATIONAL', 'ASSOCIATE', 'PROFESSIONAL', 'EXPERT', 'SPECIALTY'));--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_lifecycle_check" CHECK ("certifications"."lifecycle" in ('ACTIVE', 'RETIRING', 'RETIRED'));--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_superseded_self_check" CHECK ("certifications"."superseded_by_id" <> "certifications"."id");--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_exam_cost_check" CHECK ("certifications"."exam_cost_usd" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_exam_duration_check" CHECK ("certifications"."exam_duration_minutes" between 0 and 2880);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_exam_questions_check" CHECK ("certifications"."exam_question_count" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_validity_check" CHECK ("certifications"."validity_months" between 1 and 240);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_exam_formats_check" CHECK ("certifications"."exam_formats" <@ array['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'PERFORMANCE_BASED', 'HANDS_ON_LAB', 'CASE_STUDY', 'ESSAY', 'PRACTICAL_PROJECT', 'ORAL']::text[]);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_exam_delivery_check" CHECK ("certifications"."exam_delivery" <@ array['TEST_CENTER', 'ONLINE_PROCTORED', 'ONLINE_UNPROCTORED']::text[]);--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_revision_check" CHECK ("certifications"."revision" >= 0);--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('APPROVE_CERTIFICATION', 'REJECT_CERTIFICATION', 'APPROVE_RESOURCE', 'REJECT_RESOURCE', 'REMOVE_COMMENT', 'CHANGE_ROLE', 'PUBLISH_ARTICLE', 'EDIT_ARTICLE', 'DELETE_ARTICLE', 'EDIT_CERTIFICATION', 'REJECT_EDIT', 'APPROVE_REVISION', 'REJECT_REVISION', 'REVERT_REVISION'));;--> statement-breakpoint
CREATE INDEX "certifications_search_vector_idx" ON "certifications" USING gin ("search_vector") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_search_label_trgm_idx" ON "certifications" USING gist ("search_label" gist_trgm_ops(siglen=256)) WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
INSERT INTO "domains" ("slug", "name") VALUES
  ('cloud', 'Cloud'),
  ('security', 'Security'),
  ('networking', 'Networking'),
  ('data-ai', 'Data and AI'),
  ('devops', 'DevOps'),
  ('software-development', 'Software development'),
  ('infrastructure', 'Infrastructure'),
  ('project-management', 'Project management'),
  ('governance-risk-compliance', 'Governance, risk and compliance'),
  ('databases', 'Databases');