import { useActionData, useLoaderData } from "@remix-run/react";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { designerAction, designerLoader } from "~/pages-designer/designer.server";
import { PageDesigner, type DesignerProps } from "~/pages-designer/page-designer";
import { RegistrationPagePreview } from "~/registration/ui/register-page-preview";
import registerHref from "~/styles/register.css";
import { errorTitle } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Registration page · Pages · Gavel" },
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

// The preview is the real registration page, with its own styles (the pages layout brings the landing page's).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: registerHref }];

/** /admin/pages/registration_page: the page's settings tree, drafted, previewed and published (can_design). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await designerLoader(request, "registration")), fontStylesheet: CATALOGUE_FONT_CSS_HREF };
}

export async function action({ request }: ActionFunctionArgs) {
  return designerAction(request, "registration");
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
        actionData={actionData as DesignerProps["actionData"]}
        renderPreview={(tree) => <RegistrationPagePreview tree={tree} data={data.registrationPreview!} />}
      />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
