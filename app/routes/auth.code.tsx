import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { ensureDevice, heldDeviceKey } from "~/auth/devices.server";
import { retryAfterSeconds, waitText } from "~/auth/pacing.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { getSession, sessionStorage, signedInRedirect } from "~/auth/session.server";
import {
  CODE_AGAIN_FORM,
  CODE_INTENT,
  CODE_EMAIL_FORM,
  CODE_VERIFY_FORM,
  codeAgainSchema,
  codeEmailSchema,
  codeVerifySchema,
} from "~/auth/sign-in-code-fields";
import {
  requestSignInCode,
  verifySignInCode,
  type CodeRequestBlock,
  type VerifyCodeResult,
} from "~/auth/sign-in-code.server";
import { SIGN_IN_CODE } from "~/auth/sign-in-codes.server";
import { type SignInBlock } from "~/auth/sign-in-limits.server";
import { CodeStep, EmailStep } from "~/auth/ui/sign-in-code-steps";
import { db } from "~/db.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { refuseSubmission } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import type { Submission } from "@conform-to/react";

export const meta: MetaFunction = () => [{ title: "Sign in with a code · Gavel" }];

/** The address a code was sent to, kept in the session between the two steps (not in the page's address). */
const PENDING_EMAIL_KEY = "signInCodeEmail";

/** The code, a credential, is never sent back. */
const hideFields = ["code"];

const here = (returnTo: string) =>
  returnTo === "/" ? "/auth/code" : `/auth/code?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * /auth/code: sign in with a code sent by email, 6 digits or a team member's 10 (app/auth/sign-in-code.server.ts).
 * Step one asks for the address; step two, on the same page, for the code (and, optionally, a name). `returnTo` (a
 * path of this site) is where a successful sign-in goes, such as the bidding page that sent the person here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if ((await getSignedInUser(request)) !== undefined) throw redirect(returnTo);
  const pending = (await getSession(request)).get(PENDING_EMAIL_KEY);
  return { returnTo, email: typeof pending === "string" ? pending : null, lifetime: SIGN_IN_CODE.lifetimeText };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const returnTo = safeRedirect(form.get("returnTo"));
  const session = await getSession(request);
  const pending = session.get(PENDING_EMAIL_KEY) as string | undefined;
  const now = new Date();

  /** Sends a code to `email` and goes to step two; too many codes asked for refuse the form sent (`formId`). */
  const send = async (email: string, formId: string, submission: Submission<unknown>, again: boolean) => {
    // The code works only in this browser: one without a device cookie is given one with the code.
    const device = await ensureDevice(request);
    const requester = { device: device.key, cookieless: device.setCookie !== undefined, ip: context.clientAddress };
    const result = await requestSignInCode(db, { email, requester, now });
    if (!result.ok) return tooMany(formId, submission, requestBlockMessage(result.block, now), result.block, now);
    session.set(PENDING_EMAIL_KEY, email);
    const headers = new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
    if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
    if (!again) return redirect(here(returnTo), { headers });
    return redirectWithToast(
      here(returnTo),
      { title: "A new code is on its way", description: "Use the newest one: it replaces the others." },
      { headers },
    );
  };

  switch (form.get("intent")) {
    case CODE_INTENT.send: {
      const submission = parseForm(form, codeEmailSchema);
      if (submission.status !== "success") return refuseSubmission(CODE_EMAIL_FORM, submission);
      return send(submission.value.email, CODE_EMAIL_FORM, submission, false);
    }
    case CODE_INTENT.resend: {
      if (!pending) return redirect(here(returnTo));
      return send(pending, CODE_AGAIN_FORM, parseForm(form, codeAgainSchema), true);
    }
    case CODE_INTENT.restart: {
      session.unset(PENDING_EMAIL_KEY);
      return redirect(here(returnTo), { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
    }
    case CODE_INTENT.verify: {
      // The session lost the address (another tab started over, or cookies were cleared): back to step one.
      if (!pending) return redirect(here(returnTo));
      const submission = parseForm(form, codeVerifySchema);
      if (submission.status !== "success") return refuseSubmission(CODE_VERIFY_FORM, submission, { hideFields });
      const { code, first_name: firstName, last_name: lastName } = submission.value;
      const result = await verifySignInCode(db, {
        email: pending,
        code,
        names: { firstName, lastName },
        device: await heldDeviceKey(request),
        now,
      });
      if (result.ok) return signedInRedirect(request, result.usrId, returnTo, [PENDING_EMAIL_KEY]);
      if (result.reason === "blocked") {
        return tooMany(CODE_VERIFY_FORM, submission, signInBlockMessage(result.block, now), result.block, now);
      }
      return refuseSubmission(CODE_VERIFY_FORM, submission, {
        fieldErrors: { code: [codeRefusal(result)] },
        hideFields,
      });
    }
    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

/** Why a code of the right length did not sign in. */
function codeRefusal(result: Exclude<VerifyCodeResult, { ok: true } | { reason: "blocked" }>) {
  switch (result.reason) {
    case "wrong":
      return `That code is not right. You can try ${result.attemptsLeft} more ${result.attemptsLeft === 1 ? "time" : "times"}.`;
    case "exhausted":
      return "Too many wrong tries for this code. Ask for a new code below.";
    case "no-code":
      return "This code has expired or has already been used. Ask for a new code below.";
  }
}

/** Too many codes or tries: the message above the form, 429 with the seconds to wait in Retry-After. */
function tooMany(
  formId: string,
  submission: Submission<unknown>,
  message: string,
  block: { retryAt: Date },
  now: Date,
) {
  return refuseSubmission(
    formId,
    submission,
    { formErrors: [message], hideFields },
    {
      status: 429,
      headers: { "Retry-After": retryAfterSeconds(block.retryAt, now) },
    },
  );
}

function requestBlockMessage(block: CodeRequestBlock, now: Date) {
  const wait = `Try again in ${waitText(block.retryAt, now)}.`;
  switch (block.scope) {
    case "email":
      return `Several codes were sent to this email address just now: use the newest one, or ask again. ${wait}`;
    case "device":
      return `Many codes were asked for from this browser just now. ${wait}`;
    case "address":
      return `Many codes were asked for from your network by a browser that keeps no cookies. ${wait}`;
  }
}

function signInBlockMessage(block: SignInBlock, now: Date) {
  return `Many wrong codes or passwords were typed in this browser just now. Try again in ${waitText(block.retryAt, now)}.`;
}

export default function SignInWithCode() {
  const { returnTo, email, lifetime } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <h1>Sign in with a code</h1>
      {email ? (
        <CodeStep email={email} lifetime={lifetime} returnTo={returnTo} reply={reply} />
      ) : (
        <EmailStep returnTo={returnTo} reply={reply} />
      )}
      <p className="auth-after">
        Prefer a password?{" "}
        <Link to={`/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>Sign in with your password</Link>
      </p>
    </>
  );
}
