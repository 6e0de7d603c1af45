-- The orders of a page of the list in SQL (decision 21): the functions that give each certification the `score` and the
-- means the API answers, rounded as the answers are, so that a page ordered here and the whole list ordered by the
-- service agree; an index per order; and the trending scores, recomputed at most every 5 minutes, with a row for
-- every certification so that a page ordered by trending reads their index.
--
-- score: the lower bound of the 95% Wilson interval of the share of up votes (z = 1.959964), with n = up + down and
-- p = up / n: (p + z²/2n - z·sqrt((p(1-p) + z²/4n) / n)) / (1 + z²/n), 0 without votes, to 4 decimals. The arithmetic
-- is in double precision in the order the service computes it, and floor(x + 0.5) rounds as the service does.
CREATE FUNCTION "certification_score"(up integer, down integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN up + down = 0 THEN 0::float8 ELSE floor((
    up::float8 / (up + down)::float8
    + (1.959964::float8 * 1.959964::float8) / (2 * (up + down))::float8
    - 1.959964::float8 * sqrt((
        (up::float8 / (up + down)::float8) * (1::float8 - up::float8 / (up + down)::float8)
        + (1.959964::float8 * 1.959964::float8) / (4 * (up + down))::float8
      ) / (up + down)::float8)
  ) / (1::float8 + (1.959964::float8 * 1.959964::float8) / (up + down)::float8) * 10000::float8 + 0.5::float8) / 10000::float8 END
$$;--> statement-breakpoint
-- A rating mean to 2 decimals, null below 3 ratings (RATINGS_FOR_MEANS).
CREATE FUNCTION "rating_mean"(total integer, n integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN n >= 3 THEN floor(total::float8 / n::float8 * 100::float8 + 0.5::float8) / 100::float8 END
$$;--> statement-breakpoint
CREATE TABLE "trending_scores" (
	"certification_id" integer PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trending_scores" ADD CONSTRAINT "trending_scores_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trending_scores_score_idx" ON "trending_scores" USING btree ("score" desc);--> statement-breakpoint
CREATE INDEX "certifications_order_name_idx" ON "certifications" USING btree ("vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_order_best_idx" ON "certifications" USING btree (certification_score("upvote_count", "downvote_count") desc,"vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_order_top_idx" ON "certifications" USING btree (("upvote_count" - "downvote_count") desc,"vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_order_rated_idx" ON "certifications" USING btree ("rating_count" desc,"vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_order_hardest_idx" ON "certifications" USING btree (rating_mean("difficulty_sum", "rating_count") desc nulls last,"vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_order_easiest_idx" ON "certifications" USING btree (rating_mean("difficulty_sum", "rating_count") nulls last,"vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "certifications_order_value_idx" ON "certifications" USING btree (rating_mean("value_sum", "rating_count") desc nulls last,"vendor" collate "und-x-icu","name" collate "und-x-icu","id") WHERE "certifications"."status" = 'APPROVED';
--> statement-breakpoint
-- A new certification scores 0 until the next computation; -infinity: this row says nothing of when that was. At
-- commit (deferred), so that a restore that loads the table's own rows after the certifications' keeps them.
CREATE FUNCTION trending_scores_add_certification() RETURNS trigger AS $$
BEGIN
  INSERT INTO trending_scores (certification_id, score, computed_at) VALUES (NEW.id, 0, '-infinity')
  ON CONFLICT (certification_id) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER trending_scores_add_certification
AFTER INSERT ON certifications DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION trending_scores_add_certification();--> statement-breakpoint
INSERT INTO trending_scores (certification_id, score, computed_at) SELECT id, 0, '-infinity' FROM certifications;
