import { redirectDocument, type LoaderFunctionArgs } from "@remix-run/node";
import { runningSandbox } from "~/sandbox/switch.server";

/**
 * /demo-sandbox/…: the demo sandbox's card pages, which server.js serves itself (docs/decisions/037-demo-sandbox.md).
 * A form posted with JavaScript and redirected there navigates inside the app, which asks this route for the page's
 * data: it answers with a whole-page load of the same address, which server.js then serves. 404 without the sandbox.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (!runningSandbox()) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  return redirectDocument(`${url.pathname}${url.search}`);
}

export default function DemoSandboxPage() {
  return null;
}
