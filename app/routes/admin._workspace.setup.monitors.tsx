import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { eventSettings } from "~/events/event-settings.server";
import { intentAction } from "~/forms/intent-action.server";
import { defaultMonitor, MONITOR_INTENT, MONITOR_PATHS, monitorFormId, monitorSchema } from "~/room-screens/monitors";
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

/** A monitor's settings saved, or the monitor taken down. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => ({ eventId: (await requireEventPermission(request, "can_configure_event")).eventId }),
    intents: (intent) => ({
      [MONITOR_INTENT.save]: intent({
        formId: formOfPostedMonitor,
        schema: monitorSchema,
        // The path is the card's hidden field: a post naming no monitor is told so above the form.
        shownFields: Object.keys(monitorSchema.shape).filter((field) => field !== "path"),
        run: async ({ eventId }, settings) => {
          await saveMonitor(eventId, settings);
          return `/${settings.path} saved`;
        },
      }),
      [MONITOR_INTENT.remove]: intent({
        formId: formOfPostedMonitor,
        schema: monitorSchema.pick({ path: true }),
        unparsed: "Choose one of the monitor addresses.",
        run: async ({ eventId }, { path }) => {
          await removeMonitor(eventId, path);
          return `/${path} taken down`;
        },
      }),
    }),
  });
}

/** The posted monitor's form; a post naming no monitor is answered on the first one's. */
function formOfPostedMonitor(form: FormData) {
  const path = MONITOR_PATHS.find((known) => known === form.get("path"));
  return monitorFormId(path ?? MONITOR_PATHS[0]);
}

export default function MonitorsSetupRoute() {
  return <MonitorSetupPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
