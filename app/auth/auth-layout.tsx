import { Link } from "@remix-run/react";
import { GavelIcon } from "~/ui/icons";
import type { ReactNode } from "react";

/** The frame of the sign-in pages and team sign-up: the brand back to the home page, then one narrow column. */
export function AuthLayout({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <div className="auth-shell">
      <header className="auth-shell__bar">
        <div className="container auth-shell__bar-inner">
          <Link to="/" className="auth-shell__brand">
            <GavelIcon />
            Gavel
          </Link>
        </div>
      </header>
      <main className={wide ? "auth-shell__main auth-shell__main--wide" : "auth-shell__main"}>{children}</main>
    </div>
  );
}
