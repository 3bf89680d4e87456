-- A refund's line said "Refund: <reason>", and the reason is staff-only (docs DOMAIN "Money"): guests read the line
-- on their invoice, receipt and its PDF. The line now says "Refund"; its reason stays in the reason column, where
-- staff screens show it (a line that had none there keeps the one its text held).
UPDATE "invoice_line"
SET "reason" = coalesce(nullif(btrim("reason"), ''), nullif(btrim(substr("description", length('Refund: ') + 1)), '')),
  "description" = 'Refund'
WHERE "source" = 'refund' AND "description" LIKE 'Refund: %';
