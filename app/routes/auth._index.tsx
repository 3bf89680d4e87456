import { redirect } from "@remix-run/node";

// /auth itself has nothing to show: people who type it want to sign in.
export const loader = () => redirect("/auth/sign-in");
