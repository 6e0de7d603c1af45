CREATE TABLE "certification_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"certification_id" integer NOT NULL,
	"difficulty" smallint NOT NULL,
	"value" smallint NOT NULL,
	"recognition" smallint NOT NULL,
	"study_hours" integer,
	"outcome" text,
	"exam_year" integer,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_ratings_difficulty_check" CHECK ("certification_ratings"."difficulty" between 1 and 5),
	CONSTRAINT "certification_ratings_value_check" CHECK ("certification_ratings"."value" between 1 and 5),
	CONSTRAINT "certification_ratings_recognition_check" CHECK ("certification_ratings"."recognition" between 1 and 5),
	CONSTRAINT "certification_ratings_study_hours_check" CHECK ("certification_ratings"."study_hours" between 0 and 2000),
	CONSTRAINT "certification_ratings_outcome_check" CHECK ("certification_ratings"."outcome" in ('PASSED_FIRST_TRY', 'PASSED_RETAKE', 'FAILED', 'STUDYING')),
	CONSTRAINT "certification_ratings_exam_year_check" CHECK ("certification_ratings"."exam_year" >= 1990)
);
--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "difficulty_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "value_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "recognition_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_ratings" ADD CONSTRAINT "certification_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_ratings" ADD CONSTRAINT "certification_ratings_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certification_ratings_user_certification_key" ON "certification_ratings" USING btree ("user_id","certification_id");--> statement-breakpoint
CREATE INDEX "certification_ratings_certification_idx" ON "certification_ratings" USING btree ("certification_id","id");--> statement-breakpoint
CREATE INDEX "certification_ratings_updated_idx" ON "certification_ratings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "certification_votes_updated_idx" ON "certification_votes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_rating_sums_check" CHECK ("certifications"."rating_count" >= 0 and "certifications"."difficulty_sum" >= 0 and "certifications"."value_sum" >= 0 and "certifications"."recognition_sum" >= 0);