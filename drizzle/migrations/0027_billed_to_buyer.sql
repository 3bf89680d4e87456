-- Money that no invoice asked for (decision 049). An order made without a signed-in buyer had no account, so an order
-- to pay at the event was on no invoice; and a pledge for a guest known only from registration had none either. Such
-- orders now go to the account of the buyer's email, and such pledges to the account of the guest's email, each
-- account made when there is none, as signing in by code would. A pledge for a seat without an email stays as it was:
-- its guest is for staff to find (the app now refuses such a pledge until the seat has an email).
INSERT INTO "usr" ("email_address", "first_name", "last_name")
SELECT DISTINCT ON (lower(btrim(tp."email"))) btrim(tp."email"), nullif(tp."first_name", ''), nullif(tp."last_name", '')
FROM "payment" p
JOIN "ticket_payment" tp ON tp."payment_id" = p."payment_id"
WHERE p."usr_id" IS NULL AND nullif(btrim(tp."email"), '') IS NOT NULL
ORDER BY lower(btrim(tp."email")), tp."ticket_payment_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "payment" p
SET "usr_id" = u."usr_id"
FROM "ticket_payment" tp, "usr" u
WHERE tp."payment_id" = p."payment_id" AND p."usr_id" IS NULL
  AND lower(u."email_address") = lower(btrim(tp."email"));
--> statement-breakpoint
-- The buyer's own seat is the buyer's account's.
UPDATE "registrant" r
SET "usr_id" = p."usr_id"
FROM "payment" p, "usr" u
WHERE r."payment_id" = p."payment_id" AND r."usr_id" IS NULL AND u."usr_id" = p."usr_id"
  AND lower(u."email_address") = lower(btrim(r."email"));
--> statement-breakpoint
CREATE TEMPORARY TABLE "pledge_seat" AS
SELECT DISTINCT ON (pl."pledge_id") pl."pledge_id", r."registrant_id", r."usr_id", nullif(btrim(r."email"), '') AS "email",
  r."first_name", r."last_name"
FROM "pledge" pl
JOIN "registrant" r ON r."event_id" = pl."event_id" AND r."paddle" = pl."paddle"
WHERE pl."usr_id" IS NULL
ORDER BY pl."pledge_id", r."registrant_id";
--> statement-breakpoint
INSERT INTO "usr" ("email_address", "first_name", "last_name")
SELECT DISTINCT ON (lower(s."email")) s."email", nullif(s."first_name", ''), nullif(s."last_name", '')
FROM "pledge_seat" s
WHERE s."usr_id" IS NULL AND s."email" IS NOT NULL
ORDER BY lower(s."email"), s."registrant_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "registrant" r
SET "usr_id" = u."usr_id"
FROM "pledge_seat" s, "usr" u
WHERE r."registrant_id" = s."registrant_id" AND r."usr_id" IS NULL AND lower(u."email_address") = lower(s."email");
--> statement-breakpoint
UPDATE "pledge" pl
SET "usr_id" = r."usr_id"
FROM "pledge_seat" s
JOIN "registrant" r ON r."registrant_id" = s."registrant_id"
WHERE pl."pledge_id" = s."pledge_id" AND r."usr_id" IS NOT NULL;
--> statement-breakpoint
DROP TABLE "pledge_seat";
--> statement-breakpoint
-- An account gets its seat's paddle, so checkout finds its invoice by the number.
INSERT INTO "usr_event_paddle" ("event_id", "usr_id", "paddle")
SELECT DISTINCT ON (r."event_id", r."usr_id") r."event_id", r."usr_id", r."paddle"
FROM "registrant" r
WHERE r."usr_id" IS NOT NULL AND r."paddle" IS NOT NULL
ORDER BY r."event_id", r."usr_id", r."registrant_id"
ON CONFLICT DO NOTHING;
