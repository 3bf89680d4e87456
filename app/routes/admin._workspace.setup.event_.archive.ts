import { requireEventPermission } from "~/auth/access.server";
import { exportEventArchive } from "~/event-archive/export.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/setup/event/archive: the whole event as one archive, written as it is sent (can_configure_event). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const archive = await exportEventArchive(eventId);
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${archive.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
