import { useCallback, useEffect, useState } from "react";
import { CloseIcon } from "./icons";

export type ToastType = "success" | "info" | "error";

export type Toast = {
  /** Unique per toast, so the same message sent twice is shown twice. */
  id: string;
  type: ToastType;
  title: string;
  description?: string;
};

/** Notifications close on their own after 5 seconds. */
export const TOAST_TIMEOUT_MS = 5000;

/**
 * Shows the toast handed over by the root loader (from the flash cookie, see toast.server.ts) at the bottom
 * of the screen. Two live regions stay mounted so screen readers announce what is added to them: errors in
 * an assertive one (role=alert), the rest in a polite one (role=status).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(() => (toast ? [toast] : []));

  useEffect(() => {
    if (!toast) return;
    setToasts((current) => (current.some((t) => t.id === toast.id) ? current : [...current, toast]));
  }, [toast]);

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
  // The countdown pauses while the pointer or keyboard focus is on the toast, so it can be read in full.
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.type}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__content">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
        <span className="visually-hidden">Dismiss notification</span>
      </button>
    </div>
  );
}
