import { Outlet, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/auth/auth-layout";
import { signInEvent } from "~/events/sign-in-event.server";
import authHref from "~/styles/auth.css";
import { ErrorPage } from "~/ui/error-page";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

// The layout of the sign-in pages under /auth: Gavel's, or the event's when a guest comes from one of its pages.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { event: await signInEvent(request) };
}

export default function Auth() {
  const { event } = useLoaderData<typeof loader>();
  return (
    <AuthLayout event={event}>
      <Outlet />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
