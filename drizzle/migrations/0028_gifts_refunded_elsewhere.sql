-- A gift given back whole from the Payments screen kept "paid" (only the Donations screen marked it refunded): it stayed
-- on the giving page and its count, and could be edited below what was given back. Such gifts are refunded now.
UPDATE "donation" d
SET "status" = 'refunded'
FROM "payment" p
WHERE p."payment_id" = d."payment_id" AND d."status" = 'paid'
  AND p."amount" <= (SELECT coalesce(sum(r."amount"), 0) FROM "refund" r
                     WHERE r."payment_id" = p."payment_id" AND r."status" = 'succeeded');
