import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { SAMPLE_STATES } from "~/design-lab/bidder-samples";
import { FramePair } from "~/design-lab/ui/frame-pair";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Silent auction gallery · Design lab · Gavel");

/** /admin/eric/silentauctiongallery: the bidders' gallery with a card in every state, in the event's theme. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  return { eventId };
}

export default function SilentAuctionGalleryLab() {
  const { eventId } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Silent auction gallery</h1>
        <p>
          The gallery bidders see on /inroombid, in this event's theme, page settings and shared components, with one
          made-up item in each state, at a phone's and a desktop's width. Nothing here can place a bid.
        </p>
      </div>
      <section className="lab-state" aria-labelledby="gallery-states">
        <h2 id="gallery-states">The cards, one per state</h2>
        <ul className="lab-states" aria-label="States shown">
          {Object.entries(SAMPLE_STATES).map(([state, { label, description }]) => (
            <li key={state}>
              <strong>{label}</strong>: {description}
            </li>
          ))}
        </ul>
        <FramePair
          src={`/design-lab/frame?${new URLSearchParams({ id: String(eventId), view: "gallery" })}`}
          label="The gallery"
          height={1400}
        />
      </section>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
