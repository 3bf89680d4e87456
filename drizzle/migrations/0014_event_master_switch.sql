ALTER TABLE "event" ALTER COLUMN "is_event_enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "event" ALTER COLUMN "is_event_testing" SET DEFAULT false;--> statement-breakpoint
-- The switch was not read before: every event opens as it did, each feature's own switch deciding.
UPDATE "event" SET "is_event_enabled" = true, "is_event_testing" = false;
