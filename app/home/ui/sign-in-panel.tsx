import { Link } from "@remix-run/react";
import { GoogleSignInOption, SignInForm } from "~/auth/ui/sign-in-forms";

/** The home page's sign-in for a visitor: Google when it is set up, the password form, and where to start instead. */
export function SignInPanel({ googleEnabled }: { googleEnabled: boolean }) {
  return (
    <section className="auth-panel home__panel" aria-labelledby="sign-in">
      <h2 id="sign-in">Sign in</h2>
      <GoogleSignInOption enabled={googleEnabled} returnTo="/" />
      <SignInForm returnTo="/" />
      <ul className="auth-links">
        <li>
          New to Gavel? <Link to="/auth/sign-up">Create an account</Link>
        </li>
        <li>
          Running a gala? <Link to="/teamsignup">Set up your organisation and first event</Link>
        </li>
      </ul>
    </section>
  );
}
