import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { resolveLanding } from "~/landing/landing-model";
import { LandingPage } from "~/landing/landing-page";
import { changeDesign, designerScreen } from "~/pages-designer/designs.server";
import { PageDesigner } from "~/pages-designer/page-designer";
import { errorTitle } from "~/ui/error-page";
import { backWithToast } from "~/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Landing page · Pages · Gavel" },
  // Every catalogue font, so the preview shows a newly chosen font at once.
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

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
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className="page-header">
        <h1>Landing page</h1>
        <p>
          The public page of {data.eventTitle} at <a href={`/event?id=${data.eventId}`}>/event</a>: its look, its
          sections and their order. Changes are kept as a draft until you publish them.
        </p>
      </div>
      <PageDesigner
        kind="landing"
        eventId={data.eventId}
        document={data.document}
        canPreview={data.canPreview}
        canConfigure={data.canConfigure}
        reply={actionData}
        draftHref={`/event?id=${data.eventId}&draft`}
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
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
