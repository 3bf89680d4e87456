import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { eventIdFromQuery, requireEventPermission, requireTeamMember } from "~/auth/access.server";
import { dashboardFigures, NO_FIGURES, type DashboardData } from "~/dashboard/dashboard.server";
import { GOAL_FORM, goalSchema } from "~/dashboard/goal";
import { nextSteps as nextStepsOf } from "~/dashboard/next-steps.server";
import { transportTrouble } from "~/dashboard/transport-trouble.server";
import { DashboardPage } from "~/dashboard/ui/dashboard-page";
import { setGoal } from "~/events/goal.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { backWithToast } from "~/http/toast.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Dashboard · Gavel");

/**
 * /admin/dashboard, where every team member lands after choosing an event. The figures need
 * can_view_stats; without it the page offers the screens the person's role does open.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<DashboardData> {
  const { role, eventId } = await requireTeamMember(request);
  const menus = adminMenus(request, role);
  const screens = [
    ...menus.hub().filter((screen) => screen.routeId !== "routes/admin._hub.dashboard"),
    ...menus.workspace().flatMap((section) => section.screens),
  ].map((screen) => ({ label: screen.label, to: screen.to }));
  // Each step links to its screen when the role opens it; people who set nothing up get no steps.
  const setsUp = role.can_configure_event || role.can_edit_event;
  const nextSteps = setsUp
    ? (await nextStepsOf(eventId)).map(({ path, ...step }) => ({
        ...step,
        to: screens.find((screen) => screen.to.split("?")[0] === path)?.to ?? null,
      }))
    : [];
  const failingTransports = await transportTrouble(eventId, role, eventIdFromQuery(request));
  if (!role.can_view_stats)
    return { eventId, screens, nextSteps, failingTransports, canSetGoal: false, canReport: false, ...NO_FIGURES };
  return {
    eventId,
    screens,
    nextSteps,
    failingTransports,
    canSetGoal: role.can_edit_event,
    // Each figure links to the report that explains it, for those who may open the reports.
    canReport: role.can_report,
    ...(await dashboardFigures(eventId)),
  };
}

/** Setting the fundraising goal: part of the event's details (can_edit_event). */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_event");
  return answerForm(GOAL_FORM, parseForm(await readPostedForm(request), goalSchema), async ({ goal }) => {
    await setGoal(eventId, goal);
    return backWithToast(request, goal === null ? "Goal cleared" : "Goal saved");
  });
}

export default function DashboardRoute() {
  return <DashboardPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
