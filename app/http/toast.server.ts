import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { secretFor } from "~/config.server";
import { TOAST_COOKIE, type Toast } from "./toast-cookie";

/**
 * Toasts survive a redirect in a cookie of their own (not the sign-in session), so post/redirect/get can say what
 * happened: the action calls redirectWithToast, the root loader hands the toast to the page with getToast.
 *
 * Who clears it: a page loaded whole (without JavaScript, or a first visit) shows it once, so the server clears it
 * with that page (clearToastShownOnPage, from the server entry). Data reloads leave it: the router may abort one and
 * send another (a live refresh interrupts a form's redirect), and another tab of the browser may reload its data
 * before the tab that acted does; a toast cleared by either was lost. So it lives TOAST_LIFE_SECONDS, comes with
 * every data reload meanwhile, and each tab shows it once (the Toaster remembers the ids it showed).
 */
const TOAST_LIFE_SECONDS = 15;

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    path: "/",
    httpOnly: true,
    maxAge: TOAST_LIFE_SECONDS,
    sameSite: "lax",
    secrets: [secretFor("toast-cookie")],
  },
});

const TOAST_KEY = "toast";

const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "info", "error"]),
  title: z.string(),
  description: z.string().optional(),
}) satisfies z.ZodType<Toast>;

export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };

/** A toast to show, with an id of its own. */
export function toastOf(toast: ToastInput): Toast {
  return { type: "success", ...toast, id: crypto.randomUUID() };
}

/** Redirects to `url` and shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, toastOf(toast));
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastStorage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/**
 * Redirects back to the page the form was posted from (post/redirect/get), with a toast (or one titled `toast`). A
 * dialog the address opened (`?dialog=…`, for pages without JavaScript) is closed: what it was for is done.
 */
export async function backWithToast(request: Request, toast: string | ToastInput) {
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  return redirectWithToast(url.pathname + url.search, typeof toast === "string" ? { title: toast } : toast);
}

/** Reads the pending toast, if any, without clearing it (see above for who does). */
export async function getToast(request: Request): Promise<Toast | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return null;
  const parsed = toastSchema.safeParse((await toastStorage.getSession(cookie)).get(TOAST_KEY));
  return parsed.success ? parsed.data : null;
}

/**
 * For a whole page (the server entry renders documents only), which shows the toast it was sent with: clears the
 * cookie. Pages that had none set no cookie.
 */
export async function clearToastShownOnPage(request: Request, responseHeaders: Headers) {
  if (!request.headers.get("Cookie")?.includes(`${TOAST_COOKIE}=`)) return;
  responseHeaders.append("Set-Cookie", await toastStorage.destroySession(await toastStorage.getSession()));
}
