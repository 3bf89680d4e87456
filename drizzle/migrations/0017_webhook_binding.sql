ALTER TABLE "payment" ADD COLUMN "provider_mode" text;--> statement-breakpoint
ALTER TABLE "processed_stripe_event" ADD COLUMN "outcome" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "processed_stripe_event" ADD COLUMN "ignored_reason" text;