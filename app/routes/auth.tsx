import { Outlet } from "@remix-run/react";
import { AuthLayout } from "~/auth/auth-layout";
import authHref from "~/styles/auth.css";
import { ErrorPage } from "~/ui/error-page";
import type { LinksFunction } from "@remix-run/node";

// The layout of the sign-in pages under /auth.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export default function Auth() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
