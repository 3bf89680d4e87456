ALTER TABLE "event" ADD COLUMN "settings_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change to an event's row bumps its settings_version (decision 043): the processes that keep the event and its
-- auction rules in memory compare it on each bidder's request, so a save takes effect on the next bid everywhere.
CREATE FUNCTION "event_settings_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.settings_version := OLD.settings_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "event_settings_version" BEFORE UPDATE ON "event"
  FOR EACH ROW EXECUTE FUNCTION "event_settings_bump"();
--> statement-breakpoint
-- The rows the event's auction rules are read from (app/bidding/auction-rules.server.ts) bump the events that read them.
CREATE FUNCTION "event_rules_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'registration' THEN
    UPDATE "event" SET settings_version = settings_version + 1 WHERE registration_id = changed.registration_id;
  ELSIF TG_TABLE_NAME = 'silent_auction' THEN
    UPDATE "event" SET settings_version = settings_version + 1 WHERE silent_auction_id = changed.silent_auction_id;
  ELSIF TG_TABLE_NAME = 'virtual_auction' THEN
    UPDATE "event" SET settings_version = settings_version + 1 WHERE virtual_auction_id = changed.virtual_auction_id;
  ELSE
    UPDATE "event" SET settings_version = settings_version + 1 WHERE event_id = changed.event_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the column the rules read: registration's row is also where every paddle is counted out (next_paddle), in the
-- registrations' and gifts' own transactions, which must not take the event's row with it (they deadlocked).
CREATE TRIGGER "event_rules_registration" AFTER UPDATE OF store_card ON "registration"
  FOR EACH ROW EXECUTE FUNCTION "event_rules_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_rules_silent_auction" AFTER UPDATE ON "silent_auction"
  FOR EACH ROW EXECUTE FUNCTION "event_rules_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_rules_virtual_auction" AFTER UPDATE ON "virtual_auction"
  FOR EACH ROW EXECUTE FUNCTION "event_rules_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_rules_category_close" AFTER INSERT OR UPDATE OR DELETE ON "category_close"
  FOR EACH ROW EXECUTE FUNCTION "event_rules_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_rules_live_lot" AFTER INSERT OR DELETE OR UPDATE OF online_bidding ON "live_lot"
  FOR EACH ROW EXECUTE FUNCTION "event_rules_changed"();
