-- A member chooses whether others see the exam outcome and study hours of their ratings: off by default.
ALTER TABLE "users" ADD COLUMN "show_rating_outcome" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Only countable members' steps are in the common next counts (decision 25): a verified account past its first week
-- and not suspended. counts_in_paths says whose pairs the counts hold; the tracker's writes and the member jobs move
-- it (common-next.repository.ts).
ALTER TABLE "users" ADD COLUMN "counts_in_paths" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION common_next_forget_member() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(25, OLD.id);
  IF NOT OLD.counts_in_paths THEN
    RETURN OLD;
  END IF;
  INSERT INTO common_next_counts (from_id, to_id, members)
    SELECT from_id, to_id, -1 FROM member_held_pairs WHERE user_id = OLD.id ORDER BY from_id, to_id
    ON CONFLICT (from_id, to_id) DO UPDATE SET members = common_next_counts.members + excluded.members;
  DELETE FROM common_next_counts c USING member_held_pairs p
    WHERE p.user_id = OLD.id AND c.from_id = p.from_id AND c.to_id = p.to_id AND c.members <= 0;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE "users" u SET "counts_in_paths" = true
  WHERE u.email_verified AND NOT u.is_system AND u.created_at <= now() - interval '7 days'
    AND NOT EXISTS (
      SELECT 1 FROM user_suspensions s
      WHERE s.user_id = u.id AND s.lifted_at IS NULL AND (s.ends_at IS NULL OR s.ends_at > now())
    );--> statement-breakpoint
DELETE FROM "common_next_counts";--> statement-breakpoint
INSERT INTO "common_next_counts" (from_id, to_id, members)
  SELECT p.from_id, p.to_id, count(*)::int FROM member_held_pairs p JOIN users u ON u.id = p.user_id AND u.counts_in_paths
  GROUP BY p.from_id, p.to_id;
