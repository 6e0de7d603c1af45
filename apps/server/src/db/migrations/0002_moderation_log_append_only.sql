-- The moderation log is a record: rows are added, never changed or removed.
CREATE OR REPLACE FUNCTION moderation_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'moderation_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER moderation_log_append_only
  BEFORE UPDATE OR DELETE ON moderation_log
  FOR EACH ROW EXECUTE FUNCTION moderation_log_refuse_change();
