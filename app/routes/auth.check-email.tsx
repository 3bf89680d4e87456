import { Link, useLoaderData } from "@remix-run/react";
import { TOKEN_LIFETIME_TEXT } from "~/auth/tokens.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Check your email · Gavel" }];

// Where the sign-up and forgot-password forms land. It says the same whether or not the address has an account.

export function loader({ request }: LoaderFunctionArgs) {
  const purpose = new URL(request.url).searchParams.get("for") === "password-reset" ? "password_reset" : "sign_up";
  return { purpose, lifetime: TOKEN_LIFETIME_TEXT[purpose] };
}

export default function CheckEmail() {
  const { purpose, lifetime } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Check your email</h1>
      <div className="auth-panel">
        {purpose === "sign_up" ? (
          <p>
            We have sent a message to the address you entered. Follow its link to choose your password and finish
            signing up. The link works for {lifetime}.
          </p>
        ) : (
          <p>
            If an account uses the address you entered, we have sent it a link to choose a new password. The link works
            for {lifetime}.
          </p>
        )}
        <p className="muted">Nothing after a few minutes? Look in your spam folder, check the address, or try again.</p>
        <ul className="auth-links">
          <li>
            <Link to={purpose === "sign_up" ? "/auth/sign-up" : "/auth/forgot-password"}>Try another address</Link>
          </li>
          <li>
            <Link to="/">Back to the home page</Link>
          </li>
        </ul>
      </div>
    </>
  );
}
