/** A toast as it travels in its cookie from an action's redirect to the page it lands on (toast.server.ts). */
export type ToastType = "success" | "info" | "error";

export type Toast = {
  /** Unique per toast, so the same message sent twice is shown twice. */
  id: string;
  type: ToastType;
  title: string;
  description?: string;
};

/** The cookie that carries a toast across a redirect. */
export const TOAST_COOKIE = "gavel_toast";
