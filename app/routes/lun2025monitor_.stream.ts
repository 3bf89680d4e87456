import { monitorPageStream } from "~/room-screens/monitor-page.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /lun2025monitor/stream?id=: the monitor's server-sent events (public, as the page). */
export async function loader({ request }: LoaderFunctionArgs) {
  return monitorPageStream(request, "lun2025monitor");
}
