import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { currentEventId, getSignedInUser } from "~/auth/access.server";
import { eventIdBySubdomain, eventsOfUser } from "~/events/events.server";
import { getToast } from "~/http/toast.server";
import { unlessAnsweredInPlace } from "~/navigation/answer-in-place";
import { notWhileOffline } from "~/navigation/offline-revalidation";
import { subdomainRedirect } from "~/navigation/subdomain.server";
import { useNonce } from "~/security/ui/nonce";
import foundationHref from "~/styles/foundation.css";
import { ErrorPage, errorTitle } from "~/ui/error-page";
import { LoadingOverlay } from "~/ui/loading-overlay";
import { Toaster } from "~/ui/toast";

// An orange square with a white gavel mark, inline so no extra request; public/favicon.ico is the same mark for
// clients that ask for that file (scripts/make-favicon.mjs).
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#c9470a"/>' +
      '<g fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"><path d="m18 17-9 9"/>' +
      '<path d="m14 11 7 7M21 7l5 5M11 14l7-7M18 21l7-7"/></g></svg>',
  );

export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  unlessAnsweredInPlace(args) && notWhileOffline(args);

export const links: LinksFunction = () => [
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
  { rel: "stylesheet", href: foundationHref },
];

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Gavel" },
  {
    name: "description",
    content: "Gavel runs charity fundraising galas: registration, auctions, paddle raises and checkout.",
  },
];

/**
 * Runs before every page: the subdomain check, the pending toast, and for a signed-in user a short summary of who
 * they are, the events they hold a role in and the current event (?id, else the selected one), for page headers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const hostRedirect = await subdomainRedirect(request, eventIdBySubdomain);
  if (hostRedirect) throw hostRedirect;
  const [toast, user] = await Promise.all([getToast(request), getSignedInUser(request)]);
  const viewer = user
    ? {
        usr_id: user.usr_id,
        first_name: user.first_name,
        last_name: user.last_name,
        email_address: user.email_address,
        events: await eventsOfUser(user.usr_id),
        current_event_id: currentEventId(request, user) ?? null,
      }
    : null;
  return { toast, viewer };
}

/**
 * The document around every page, error pages included, so they get the same styles. A route whose handle says
 * `{ hydrate: false }` (the design lab's sandboxed frames, pictures of a page) is sent without the app's scripts.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const hydrate = !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  // Says when React has hydrated the page (its first commit): a click that loads another document before then cuts
  // the hydration short, and React reports error #345. The end-to-end tests wait for it (tests/e2e/support/hydrated.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
      {/* A short delay keeps quick navigations from flashing the veil; slow ones (venue Wi-Fi) get feedback. */}
      <LoadingOverlay delay={400} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
