/** The payments list's filters (client-safe: the page's form and the CSV route read the same). */
const METHODS = ["card", "checkout", "cash", "check"] as const;
export const PAYMENT_STATUSES = ["paid", "pending", "failed", "disputed"] as const;

/** The list's filters from its address (?method=, ?status=); anything else is no filter. */
export function paymentFilters(url: URL) {
  const method = url.searchParams.get("method");
  const status = url.searchParams.get("status");
  return {
    method: METHODS.find((candidate) => candidate === method) ?? null,
    status: PAYMENT_STATUSES.find((candidate) => candidate === status) ?? null,
  };
}
