import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type Session,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
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
import { formReply, postedValues, type FormReply } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: "Sign in with a code · Gavel" }];

/** The address a code was sent to, kept in the session between the two steps (not in the page's address). */
const PENDING_EMAIL_KEY = "signInCodeEmail";

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

/** Ask for a code, ask again, start over with another address, or sign in with the code. */
export async function action({ request, context }: ActionFunctionArgs) {
  const now = new Date();
  return intentAction(request, {
    access: async (request) => {
      const session = await getSession(request);
      return { session, pending: session.get(PENDING_EMAIL_KEY) as string | undefined };
    },
    intents: (intent) => {
      /** Sends a code to `email` and goes to step two; too many codes asked for refuse the form sent (`formId`). */
      const send = async ({ session, form }: CodeCall, email: string, formId: string, again: boolean) => {
        // The code works only in this browser: one without a device cookie is given one with the code.
        const device = await ensureDevice(request);
        const requester = { device: device.key, cookieless: device.setCookie !== undefined, ip: context.clientAddress };
        const result = await requestSignInCode(db, { email, requester, now });
        if (!result.ok) return tooMany(formId, form, requestBlockMessage(result.block, now), result.block, now);
        session.set(PENDING_EMAIL_KEY, email);
        const headers = new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
        if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
        if (!again) return redirect(here(returnToOf(form)), { headers });
        return redirectWithToast(
          here(returnToOf(form)),
          { title: "A new code is on its way", description: "Use the newest one: it replaces the others." },
          { headers },
        );
      };
      return {
        [CODE_INTENT.send]: intent({
          formId: CODE_EMAIL_FORM,
          schema: codeEmailSchema,
          run: (call, { email }) => send(call, email, CODE_EMAIL_FORM, false),
        }),
        [CODE_INTENT.resend]: intent({
          formId: CODE_AGAIN_FORM,
          schema: codeAgainSchema,
          run: async (call) => (call.pending ? send(call, call.pending, CODE_AGAIN_FORM, true) : backToStart(call)),
        }),
        [CODE_INTENT.restart]: intent({
          formId: CODE_AGAIN_FORM,
          schema: z.object({}),
          run: async ({ session, form }) => {
            session.unset(PENDING_EMAIL_KEY);
            const headers = { "Set-Cookie": await sessionStorage.commitSession(session) };
            return redirect(here(returnToOf(form)), { headers });
          },
        }),
        [CODE_INTENT.verify]: intent({
          formId: CODE_VERIFY_FORM,
          // The session lost the address (another tab started over, or cookies were cleared): back to step one.
          schema: (call) => {
            if (!call.pending) throw backToStart(call);
            return codeVerifySchema;
          },
          refusal: (reply) => data<FormReply>(withoutCode(reply), { status: 400 }),
          run: async ({ pending, form }, { code, first_name: firstName, last_name: lastName }) => {
            const result = await verifySignInCode(db, {
              email: pending!,
              code,
              names: { firstName, lastName },
              device: await heldDeviceKey(request),
              now,
            });
            if (result.ok) return signedInRedirect(request, result.usrId, returnToOf(form), [PENDING_EMAIL_KEY]);
            if (result.reason === "blocked")
              return tooMany(CODE_VERIFY_FORM, form, signInBlockMessage(result.block, now), result.block, now);
            throw new Refusal(codeRefusal(result), "code");
          },
        }),
      };
    },
  });
}

type CodeCall = { session: Session; pending: string | undefined; form: FormData };

/** Where a successful sign-in goes (posted by every form): a path of this site. */
const returnToOf = (form: FormData) => safeRedirect(form.get("returnTo"));

const backToStart = ({ form }: { form: FormData }) => redirect(here(returnToOf(form)));

/** A refusal without the code typed: a credential is never sent back. */
function withoutCode(reply: FormReply): FormReply {
  if (!reply.initialValue) return reply;
  const { code: _code, ...kept } = reply.initialValue;
  return { ...reply, initialValue: kept };
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
function tooMany(formId: string, form: FormData, message: string, block: { retryAt: Date }, now: Date) {
  return data<FormReply>(withoutCode(formReply(formId, { formError: message, values: postedValues(form) })), {
    status: 429,
    headers: { "Retry-After": retryAfterSeconds(block.retryAt, now) },
  });
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
