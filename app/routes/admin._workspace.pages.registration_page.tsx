import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { changeDesign, designerScreen } from "~/pages-designer/designs.server";
import { PageDesigner } from "~/pages-designer/page-designer";
import { RegistrationPagePreview } from "~/registration/ui/register-page-preview";
import registerHref from "~/styles/register.css";
import { errorTitle } from "~/ui/error-page";
import { backWithToast } from "~/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Registration page · Pages · Gavel" },
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

// The preview is the real registration page, with its own styles (the pages layout brings the landing page's).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: registerHref }];

/** /admin/pages/registration_page: the page's settings tree, drafted, previewed and published (can_design). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireEventPermission(request, "can_design");
  return { ...(await designerScreen(access, "registration")), fontStylesheet: CATALOGUE_FONT_CSS_HREF };
}

export async function action({ request }: ActionFunctionArgs) {
  const change = await changeDesign(request, await requireEventPermission(request, "can_design"), "registration");
  return "refused" in change ? data(change.refused, { status: change.status }) : backWithToast(request, change.told);
}

export default function Designer() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className="page-header">
        <h1>Registration page</h1>
        <p>
          The look of the registration page and the words around its ticket form. Changes are kept as a draft until you
          publish them.
        </p>
      </div>
      <PageDesigner
        kind="registration"
        eventId={data.eventId}
        document={data.document}
        canPreview={data.canPreview}
        canConfigure={data.canConfigure}
        reply={actionData}
        renderPreview={(tree) => <RegistrationPagePreview tree={tree} data={data.registrationPreview!} />}
      />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
