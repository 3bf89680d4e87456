import { paths } from "~/http/paths";
import { Card } from "~/ui/card";

/** The setup page's link to the whole event as one archive (decision 039), for another Gavel or a copy. */
export function EventArchiveDownload({ eventId }: { eventId: number }) {
  return (
    <Card title="The whole event, portable" headingLevel={2}>
      <p className="muted">
        One file with the event&apos;s settings, pages, catalogue, guests, bids, payments and the messages sent, and its
        images. Import it under Events in this Gavel or another to make a copy of the event there. Payment and messaging
        keys, passwords and saved cards are never in it.
      </p>
      <p>
        <a href={paths.setupEventArchive(eventId)} download>
          Download the event archive
        </a>
      </p>
    </Card>
  );
}
