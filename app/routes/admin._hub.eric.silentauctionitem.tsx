import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { SAMPLE_STATES } from "~/design-lab/bidder-samples";
import { FramePair } from "~/design-lab/ui/frame-pair";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Silent auction item · Design lab · Gavel");

/** /admin/eric/silentauctionitem: the bidder's item page in every state, in the event's theme, from sample data. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  return { eventId };
}

export default function SilentAuctionItemLab() {
  const { eventId } = useLoaderData<typeof loader>();
  const states = Object.entries(SAMPLE_STATES);
  return (
    <>
      <div className="page-header">
        <h1>Silent auction item</h1>
        <p>
          The item page bidders see on /inroombid, in this event's theme and shared components, with made-up items and
          bids: one state at a time, at a phone's and a desktop's width. Nothing here can place a bid.
        </p>
      </div>
      <nav aria-label="States">
        <ul className="lab-jump">
          {states.map(([state, { label }]) => (
            <li key={state}>
              <a href={`#state-${state}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {states.map(([state, { label, description }]) => (
        <section key={state} id={`state-${state}`} className="lab-state" aria-labelledby={`state-${state}-title`}>
          <h2 id={`state-${state}-title`}>{label}</h2>
          <p>{description}</p>
          <FramePair
            src={`/design-lab/frame?${new URLSearchParams({ id: String(eventId), view: "item", state })}`}
            label={`The item page, ${label.toLowerCase()}`}
          />
        </section>
      ))}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
