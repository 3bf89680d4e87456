-- Opt-outs belong to the Twilio account and number that were texted (issue 32, finding 3), no longer to a phone across
-- every organisation. The rows kept so far name no account or number: each STOP that stands is kept for every account
-- and number saved in an event's texting settings now (one of them received it), so no one who said STOP is texted
-- again; a START row is the same as no row and is not carried over.
ALTER TABLE "message_settings" ADD COLUMN "twilio_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "text_opt_out" RENAME TO "text_opt_out_by_phone";--> statement-breakpoint
ALTER TABLE "text_opt_out_by_phone" RENAME CONSTRAINT "text_opt_out_pkey" TO "text_opt_out_by_phone_pkey";--> statement-breakpoint
CREATE TABLE "text_opt_out" (
	"twilio_account_sid" text NOT NULL,
	"from_number" text NOT NULL,
	"phone" text NOT NULL,
	"opted_out" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_opt_out_twilio_account_sid_from_number_phone_pk" PRIMARY KEY("twilio_account_sid","from_number","phone")
);
--> statement-breakpoint
INSERT INTO "text_opt_out" ("twilio_account_sid", "from_number", "phone", "opted_out", "updated_at")
SELECT "numbers"."twilio_account_sid", "numbers"."twilio_from_number", "stopped"."phone", true, "stopped"."updated_at"
FROM "text_opt_out_by_phone" "stopped"
CROSS JOIN (
	SELECT DISTINCT "twilio_account_sid", "twilio_from_number" FROM "message_settings"
	WHERE "twilio_account_sid" IS NOT NULL AND "twilio_from_number" IS NOT NULL
) "numbers"
WHERE "stopped"."opted_out";--> statement-breakpoint
DROP TABLE "text_opt_out_by_phone";
