-- Paths (docs/product.md#paths, decision 25): how many members earned one certification and later another. The
-- pair rule is the view member_held_pairs, written once here; the counts are kept by the tracker's writes (in their
-- transactions) and by the trigger below when an account is deleted, and filled from the tracker's rows at the end.
CREATE TABLE "common_next_counts" (
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "common_next_counts_pkey" PRIMARY KEY("from_id","to_id")
);
--> statement-breakpoint
ALTER TABLE "common_next_counts" ADD CONSTRAINT "common_next_counts_from_id_certifications_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_next_counts" ADD CONSTRAINT "common_next_counts_to_id_certifications_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "common_next_counts_shown_idx" ON "common_next_counts" USING btree ("from_id","to_id","members") WHERE "common_next_counts"."members" >= 3;--> statement-breakpoint
CREATE INDEX "common_next_counts_to_idx" ON "common_next_counts" USING btree ("to_id");
--> statement-breakpoint
-- A member HELD from_id and to_id and earned from_id on a day strictly before to_id (both dates are set exactly
-- when the entry is HELD). Private entries count: only the aggregate leaves the database.
CREATE VIEW "member_held_pairs" AS
  SELECT a.user_id, a.certification_id AS from_id, b.certification_id AS to_id
  FROM member_certifications a
  JOIN member_certifications b ON b.user_id = a.user_id AND b.earned_on > a.earned_on
  WHERE a.status = 'HELD' AND b.status = 'HELD';
--> statement-breakpoint
-- Deleting an account deletes its tracker entries (ON DELETE CASCADE), past any service: its pairs leave the counts
-- first, in the same transaction, whatever deletes it. The lock is the tracker's per-member lock (class 25,
-- COMMON_NEXT_LOCK_CLASS of common-next.repository.ts); the changes go in pair order, as the tracker's do, so that
-- two transactions never wait on each other's rows in a circle.
CREATE FUNCTION common_next_forget_member() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(25, OLD.id);
  INSERT INTO common_next_counts (from_id, to_id, members)
    SELECT from_id, to_id, -1 FROM member_held_pairs WHERE user_id = OLD.id ORDER BY from_id, to_id
    ON CONFLICT (from_id, to_id) DO UPDATE SET members = common_next_counts.members + excluded.members;
  DELETE FROM common_next_counts c USING member_held_pairs p
    WHERE p.user_id = OLD.id AND c.from_id = p.from_id AND c.to_id = p.to_id AND c.members <= 0;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER common_next_forget_member
  BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION common_next_forget_member();
--> statement-breakpoint
INSERT INTO common_next_counts (from_id, to_id, members)
  SELECT from_id, to_id, count(*)::int FROM member_held_pairs GROUP BY from_id, to_id;
