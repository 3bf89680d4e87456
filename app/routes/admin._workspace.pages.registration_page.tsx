import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { backWithToast } from "~/http/toast.server";
import { changeDesign, designerScreen } from "~/pages-designer/designs.server";
import { DesignerScreen, designerMeta } from "~/pages-designer/ui/designer-screen";
import { RegistrationPagePreview } from "~/registration/ui/register-page-preview";
import registerHref from "~/styles/register.css";

export const meta = designerMeta("Registration page");

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

export default function RegistrationPageDesigner() {
  const data = useLoaderData<typeof loader>();
  return (
    <DesignerScreen
      title="Registration page"
      intro="The look of the registration page and the words around its ticket form."
      screen={data}
      reply={useActionData<typeof action>()}
      renderPreview={(tree) => <RegistrationPagePreview tree={tree} data={data.registrationPreview!} />}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
