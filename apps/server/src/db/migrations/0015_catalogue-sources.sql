ALTER TABLE "certifications" ADD COLUMN "exam_question_count_max" integer;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "badge_classes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_revisions" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_exam_questions_max_check" CHECK ("certifications"."exam_question_count_max" between 0 and 1000);