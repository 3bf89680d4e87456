import { useSearchParams } from "@remix-run/react";
import { buttonClass } from "~/ui/button";
import type { ItemType } from "../item-rules";

/**
 * Links to the printed bid sheets and item cards of one type of item (or all items). Plain links with `download`:
 * the PDF is built by /admin/auction_items/print, for the event in view (`?id` is kept).
 */
export function PrintLinks({ type }: { type?: ItemType }) {
  const [searchParams] = useSearchParams();
  const href = (kind: "sheets" | "cards") => {
    const params = new URLSearchParams();
    const eventId = searchParams.get("id");
    if (eventId) params.set("id", eventId);
    params.set("kind", kind);
    if (type) params.set("type", type);
    return `/admin/auction_items/print?${params}`;
  };
  return (
    <span className="print-links">
      <a className={buttonClass({ variant: "secondary", size: "sm" })} href={href("sheets")} download>
        Bid sheets (PDF)
      </a>
      <a className={buttonClass({ variant: "secondary", size: "sm" })} href={href("cards")} download>
        Item cards (PDF)
      </a>
    </span>
  );
}
