import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm, refuseForm } from "~/forms/reply.server";
import { readOrRefuse } from "~/forms/rules";
import { backWithToast } from "~/http/toast.server";
import { defaultMonitor, MONITOR_PATHS, monitorFormId, monitorSchema } from "~/room-screens/monitors";
import { eventMonitors, removeMonitor, saveMonitor } from "~/room-screens/monitors.server";
import { MonitorSetupPage, type MonitorSetupData } from "~/room-screens/ui/monitor-settings-page";
import monitorHref from "~/styles/monitor.css";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Monitors · Setup · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: monitorHref }];

/** /admin/setup/monitors: the event's monitors at the spec's public addresses (can_configure_event). */
export async function loader({ request }: LoaderFunctionArgs): Promise<MonitorSetupData> {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const [saved, settings] = await Promise.all([eventMonitors(db, eventId), eventSettings(eventId)]);
  return {
    eventId,
    monitors: MONITOR_PATHS.map((path) => ({
      path,
      settings: saved[path] ?? defaultMonitor(path, settings.title),
      saved: Boolean(saved[path]),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const formData = await readPostedForm(request);
  let path;
  try {
    path = readOrRefuse(z.enum(MONITOR_PATHS), formData.get("path"));
  } catch (error) {
    if (error instanceof Refusal) return refuseForm(monitorFormId(MONITOR_PATHS[0]), error.message);
    throw error;
  }
  if (formData.get("intent") === "remove") {
    await removeMonitor(eventId, path);
    return backWithToast(request, `/${path} taken down`);
  }
  return answerForm(monitorFormId(path), parseForm(formData, monitorSchema), async (settings) => {
    await saveMonitor(eventId, settings);
    return backWithToast(request, `/${path} saved`);
  });
}

export default function MonitorsSetupRoute() {
  return <MonitorSetupPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
