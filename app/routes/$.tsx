import { ErrorPage } from "~/ui/error-page";
import type { MetaFunction } from "@remix-run/node";

// Every path no other route claims ends here and answers HTTP 404 with the not-found page.

export const meta: MetaFunction = () => [{ title: "Page not found · Gavel" }];

export function loader() {
  throw new Response("Not found", { status: 404 });
}

export function action() {
  throw new Response("Not found", { status: 404 });
}

// With an ErrorBoundary (and no component, since the loader always throws) Remix renders this as a page,
// not a resource route, and its meta gives the page its title.
export function ErrorBoundary() {
  return <ErrorPage />;
}
