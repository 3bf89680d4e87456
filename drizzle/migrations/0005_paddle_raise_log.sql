ALTER TABLE "pledge" ADD COLUMN "source" text DEFAULT 'floor' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "entered_by_usr_id" integer;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "replaces_pledge_id" integer;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "changed_by_usr_id" integer;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "change_reason" text;--> statement-breakpoint
ALTER TABLE "pledge" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "pledge" ADD CONSTRAINT "pledge_entered_by_usr_id_usr_usr_id_fk" FOREIGN KEY ("entered_by_usr_id") REFERENCES "public"."usr"("usr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge" ADD CONSTRAINT "pledge_replaces_pledge_id_pledge_pledge_id_fk" FOREIGN KEY ("replaces_pledge_id") REFERENCES "public"."pledge"("pledge_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge" ADD CONSTRAINT "pledge_changed_by_usr_id_usr_usr_id_fk" FOREIGN KEY ("changed_by_usr_id") REFERENCES "public"."usr"("usr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_event_idempotency_key" ON "pledge" USING btree ("event_id","idempotency_key") WHERE idempotency_key IS NOT NULL;