CREATE TABLE "outbid_window" (
	"auction_item_id" integer NOT NULL,
	"usr_id" integer NOT NULL,
	"channel" text NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"outbids_in_window" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outbid_window_auction_item_id_usr_id_channel_pk" PRIMARY KEY("auction_item_id","usr_id","channel")
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "retried_by_usr_id" integer;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "retried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbid_window" ADD CONSTRAINT "outbid_window_auction_item_id_auction_item_auction_item_id_fk" FOREIGN KEY ("auction_item_id") REFERENCES "public"."auction_item"("auction_item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbid_window" ADD CONSTRAINT "outbid_window_usr_id_usr_usr_id_fk" FOREIGN KEY ("usr_id") REFERENCES "public"."usr"("usr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_retried_by_usr_id_usr_usr_id_fk" FOREIGN KEY ("retried_by_usr_id") REFERENCES "public"."usr"("usr_id") ON DELETE set null ON UPDATE no action;