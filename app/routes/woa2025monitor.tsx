import { monitorPage } from "~/room-screens/monitor-page.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

export { default, ErrorBoundary, links, meta } from "~/room-screens/ui/monitor-route";

/** /woa2025monitor?id=: the monitor set up at this address for the event (public; see app/room-screens). */
export async function loader({ request }: LoaderFunctionArgs) {
  return monitorPage(request, "woa2025monitor");
}
