import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon } from "./icons";
import { useHydrated } from "./use-hydrated";
import type { Toast } from "~/http/toast-cookie";

// The toasts this tab has shown: a toast comes with every data reload while its cookie lives, to this tab and to
// the browser's other tabs, and each shows it once, also after a reload.
const SHOWN_KEY = "gavel-toasts-shown";
const SHOWN_KEPT = 20;

function shownBefore(id: string) {
  try {
    const shown = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? "[]") as string[];
    if (shown.includes(id)) return true;
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...shown, id].slice(-SHOWN_KEPT)));
  } catch {
    // No session storage (a private window's quota): each toast may show again after a reload, nothing worse.
  }
  return false;
}

/** Notifications close on their own after 5 seconds. */
export const TOAST_TIMEOUT_MS = 5000;

// Toasts that came in an action's answer, not through the cookie: a post answered in place loads no page to bring one
// (app/navigation/answer-in-place.ts).
const answers = new EventTarget();
const ANSWER_TOAST = "toast";

/** Shows a toast the page's last post was answered with (the Toaster shows each id once). */
export function useAnswerToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) answers.dispatchEvent(new CustomEvent(ANSWER_TOAST, { detail: toast }));
  }, [toast]);
}

/**
 * Shows the toast handed over by the root loader (from the flash cookie, see toast.server.ts) at the bottom
 * of the screen. Two live regions stay mounted so screen readers announce what is added to them: errors in
 * an assertive one (role=alert), the rest in a polite one (role=status). A toast belongs to the page it was shown
 * on: going to another page (another path; a form's redirect back to the same page keeps it) takes it away. A page
 * hands it the toasts its posts were answered with in place (useAnswerToast).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(() => (toast ? [toast] : []));
  const shown = useRef(new Set<string>(toast ? [toast.id] : []));
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);

  // Declared before the effect that adds a toast: when a redirect lands on another page with a toast of its own,
  // the old ones go first and the new one stays.
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    setToasts([]);
  }, [pathname]);

  // A page loaded whole shows the toast it came with; if this tab showed that toast already (a page opened by its
  // address while the cookie still lived), it goes once the page is hydrated.
  const firstToast = useRef(toast);
  useEffect(() => {
    const first = firstToast.current;
    if (!first) return;
    firstToast.current = null;
    if (shownBefore(first.id)) setToasts((current) => current.filter((t) => t.id !== first.id));
  }, []);

  const show = useCallback((next: Toast) => {
    if (shown.current.has(next.id)) return;
    shown.current.add(next.id);
    if (shownBefore(next.id)) return;
    setToasts((current) => [...current, next]);
  }, []);

  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);

  useEffect(() => {
    const onAnswer = (event: Event) => show((event as CustomEvent<Toast>).detail);
    answers.addEventListener(ANSWER_TOAST, onAnswer);
    return () => answers.removeEventListener(ANSWER_TOAST, onAnswer);
  }, [show]);

  // Stable, so a toast's countdown does not restart when another toast arrives.
  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const errors = toasts.filter((t) => t.type === "error");
  const others = toasts.filter((t) => t.type !== "error");
  return (
    <section className="toaster" aria-label="Notifications">
      <div role="status" className="toaster__region">
        {others.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
      <div role="alert" className="toaster__region">
        {errors.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  // Without JavaScript nothing can close a toast: it fades by itself (CSS), and offers no button that does nothing.
  const hydrated = useHydrated();
  // The countdown pauses while the pointer is on the close button (the rest of the toast lets the pointer through to
  // the page) or keyboard focus is on it, so it can be read in full.
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.type}${hydrated ? "" : " toast--fades"}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__content">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)}>
          <CloseIcon />
          <span className="visually-hidden">Dismiss notification</span>
        </button>
      ) : null}
    </div>
  );
}
