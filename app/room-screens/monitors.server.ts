/** Reading and saving an event's monitors (/admin/setup/monitors), and finding the one a public address shows. */
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { publish } from "~/realtime/bus.server";
import { monitor } from "~drizzle/schema";
import { MONITOR_PATHS, type MonitorPanel, type MonitorPath, type MonitorSettings } from "./monitors";
import { monitorTopic } from "./topic";
import type { Database, Transaction } from "~/db/connection.server";

type Executor = Database | Transaction;

function settingsOf(row: typeof monitor.$inferSelect): MonitorSettings {
  return {
    path: row.path as MonitorPath,
    title: row.title,
    panels: row.panels as MonitorPanel[],
    rotation_seconds: row.rotation_seconds,
    items_per_page: row.items_per_page,
  };
}

/** The event's monitors that have been set up, by address. */
export async function eventMonitors(executor: Executor, eventId: number) {
  const rows = await executor.select().from(monitor).where(eq(monitor.event_id, eventId)).orderBy(asc(monitor.path));
  return Object.fromEntries(rows.map((row) => [row.path, settingsOf(row)])) as Partial<
    Record<MonitorPath, MonitorSettings>
  >;
}

/** The events whose monitor is set up at an address: the ones that address, typed without ?id, may show. */
export async function eventsWithMonitorAt(executor: Executor, path: MonitorPath): Promise<number[]> {
  const rows = await executor.select({ event_id: monitor.event_id }).from(monitor).where(eq(monitor.path, path));
  return rows.map((row) => row.event_id);
}

/** Creates or replaces the event's monitor at the settings' address; the screens showing it follow at once. */
export async function saveMonitor(eventId: number, settings: MonitorSettings) {
  await db.transaction(async (tx) => {
    await tx
      .insert(monitor)
      .values({ event_id: eventId, ...settings })
      .onConflictDoUpdate({
        target: [monitor.event_id, monitor.path],
        set: { ...settings, updated_at: new Date() },
      });
    await publish(tx, { topic: monitorTopic(eventId), type: "monitor", data: { path: settings.path } });
  });
}

/** Takes the monitor down from its address; the screens showing it say so. */
export async function removeMonitor(eventId: number, path: MonitorPath) {
  await db.transaction(async (tx) => {
    await tx.delete(monitor).where(and(eq(monitor.event_id, eventId), eq(monitor.path, path)));
    await publish(tx, { topic: monitorTopic(eventId), type: "monitor", data: { path } });
  });
}

export function isMonitorPath(path: string): path is MonitorPath {
  return (MONITOR_PATHS as readonly string[]).includes(path);
}
