import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { deviceCookieHeaders } from "~/auth/devices.server";
import { AuthLayout } from "~/auth/ui/auth-layout";
import { signInEvent } from "~/events/sign-in-event.server";
import authHref from "~/styles/auth.css";
import { ErrorPage } from "~/ui/error-page";

// The layout of the sign-in pages under /auth: Gavel's, or the event's when a guest comes from one of its pages.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Every sign-in page hands out the device cookie its forms' limits count by (auth/devices.server.ts).
  return data({ event: await signInEvent(request) }, { headers: await deviceCookieHeaders(request) });
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
