ALTER TABLE "event" ADD COLUMN "raffle_licence_number" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "frequency" text DEFAULT 'one_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "tribute_kind" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "tribute_name" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "subscription_ref" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "recorded_by_usr_id" integer;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "eligible_ticket_numbers" jsonb;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "picked_index" integer;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "ticket_number" integer;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD COLUMN "replaces_drawing_id" integer;--> statement-breakpoint
ALTER TABLE "raffle_purchase" ADD COLUMN "source" text DEFAULT 'table' NOT NULL;--> statement-breakpoint
ALTER TABLE "raffle_purchase" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "raffle_purchase" ADD COLUMN "recorded_by_usr_id" integer;--> statement-breakpoint
ALTER TABLE "donation" ADD CONSTRAINT "donation_recorded_by_usr_id_usr_usr_id_fk" FOREIGN KEY ("recorded_by_usr_id") REFERENCES "public"."usr"("usr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD CONSTRAINT "raffle_drawing_voided_by_usr_usr_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."usr"("usr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_drawing" ADD CONSTRAINT "raffle_drawing_replaces_drawing_id_raffle_drawing_raffle_drawing_id_fk" FOREIGN KEY ("replaces_drawing_id") REFERENCES "public"."raffle_drawing"("raffle_drawing_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_purchase" ADD CONSTRAINT "raffle_purchase_recorded_by_usr_id_usr_usr_id_fk" FOREIGN KEY ("recorded_by_usr_id") REFERENCES "public"."usr"("usr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_payment_key" ON "donation" USING btree ("payment_id") WHERE payment_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_event_idempotency_key" ON "donation" USING btree ("event_id","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "raffle_drawing_raffle_idx" ON "raffle_drawing" USING btree ("raffle_id","created_at");--> statement-breakpoint
CREATE INDEX "raffle_purchase_event_usr_idx" ON "raffle_purchase" USING btree ("event_id","usr_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_purchase_event_idempotency_key" ON "raffle_purchase" USING btree ("event_id","idempotency_key") WHERE idempotency_key IS NOT NULL;