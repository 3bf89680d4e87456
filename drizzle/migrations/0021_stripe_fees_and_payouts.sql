ALTER TABLE "payment" ADD COLUMN "provider_fee" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "payout_ref" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "payout_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "payout_ref" text;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "payout_arrival_at" timestamp with time zone;