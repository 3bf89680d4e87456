-- A guest's own purchase or raffle tickets, bought on their phone, were recorded without their paddle, so staff screens
-- (Recent sales, the dashboard's activity, the raffle's sales) showed "—" or "A guest" for a guest who holds one.
UPDATE "purchase" p
SET "paddle" = uep."paddle"
FROM "usr_event_paddle" uep
WHERE p."paddle" IS NULL AND uep."event_id" = p."event_id" AND uep."usr_id" = p."usr_id";
--> statement-breakpoint
UPDATE "raffle_purchase" rp
SET "paddle" = uep."paddle"
FROM "usr_event_paddle" uep
WHERE rp."paddle" IS NULL AND uep."event_id" = rp."event_id" AND uep."usr_id" = rp."usr_id";
