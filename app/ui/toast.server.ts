import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { config } from "~/config.server";
import type { Toast } from "./toast";

/**
 * Toasts survive a redirect in a flash cookie of their own (not the sign-in session), so post/redirect/get can
 * say what happened: the action calls redirectWithToast, the root loader calls getToast on the next request.
 */
const COOKIE_NAME = "gavel_toast";

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: COOKIE_NAME,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.NODE_ENV === "production",
    secrets: [config.SESSION_SECRET],
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

/** Redirects to `url` and shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, { type: "success", ...toast, id: crypto.randomUUID() } satisfies Toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastStorage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/**
 * Reads the pending toast, if any. `headers` clears the cookie and must be sent with the response;
 * it is empty when there was no toast, so ordinary pages do not set a cookie.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${COOKIE_NAME}=`)) return { toast: null, headers };
  const session = await toastStorage.getSession(cookie);
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  headers.append("Set-Cookie", await toastStorage.destroySession(session));
  return { toast: parsed.success ? parsed.data : null, headers };
}
