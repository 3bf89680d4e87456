import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { paths } from "~/http/paths";
import { backWithToast } from "~/http/toast.server";
import { resolveLanding } from "~/landing/resolve-landing";
import { LandingPage } from "~/landing/ui/landing-page";
import { changeDesign, designerScreen } from "~/pages-designer/designs.server";
import { DesignerScreen, designerMeta } from "~/pages-designer/ui/designer-screen";

export const meta = designerMeta("Landing page");

/** /admin/pages/landing_page: the landing page's settings, drafted, previewed and published (can_design). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireEventPermission(request, "can_design");
  return { ...(await designerScreen(access, "landing")), fontStylesheet: CATALOGUE_FONT_CSS_HREF };
}

export async function action({ request }: ActionFunctionArgs) {
  const change = await changeDesign(request, await requireEventPermission(request, "can_design"), "landing");
  return "refused" in change ? data(change.refused, { status: change.status }) : backWithToast(request, change.told);
}

export default function LandingPageDesigner() {
  const data = useLoaderData<typeof loader>();
  return (
    <DesignerScreen
      title="Landing page"
      intro={
        <>
          The public page of {data.eventTitle} at <a href={paths.event(data.eventId)}>/event</a>: its look, its sections
          and their order.
        </>
      }
      screen={data}
      reply={useActionData<typeof action>()}
      draftHref={paths.event(data.eventId, { draft: true })}
      renderPreview={(tree) =>
        data.landingContext ? (
          <LandingPage
            context={data.landingContext}
            settings={resolveLanding(data.landingContext, tree)}
            headingPrefix="preview-"
          />
        ) : null
      }
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
