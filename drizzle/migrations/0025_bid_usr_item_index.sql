DROP INDEX "bid_usr_idx";--> statement-breakpoint
CREATE INDEX "bid_usr_item_idx" ON "bid" USING btree ("usr_id","auction_item_id");