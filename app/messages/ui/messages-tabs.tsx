import { Tabs } from "~/ui/tabs";
import { useEventHref } from "~/ui/use-event-href";

/**
 * The messages screens, one tab each: writing to guests and the outbox (can_send_messages), and thanking a donor
 * (can_edit_auction_items), shown to whoever may open it.
 */
export function MessagesTabs({ canSend = true, canThankDonors }: { canSend?: boolean; canThankDonors: boolean }) {
  const eventHref = useEventHref();
  const items = [
    ...(canSend
      ? [
          { label: "Write to guests", to: eventHref("/admin/auction_items/email_page/guests") },
          { label: "Outbox", to: eventHref("/admin/auction_items/email_page/outbox") },
        ]
      : []),
    ...(canThankDonors
      ? [{ label: "Thank a donor", to: eventHref("/admin/auction_items/email_page"), end: true }]
      : []),
  ];
  return items.length > 1 ? <Tabs label="Messages" items={items} /> : null;
}
