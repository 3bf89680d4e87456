import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

export type LoadingOverlayProps = {
  /** Shows or hides the overlay; when omitted it follows page navigation (loading or submitting). */
  active?: boolean;
  /** Milliseconds to wait before showing, so quick work does not flash it (by default it shows at once). */
  delay?: number;
  /** Read out to screen readers while shown. */
  label?: string;
};

/** A full-screen veil with an 80px spinner that also stops a second click while a form is posting. */
export function LoadingOverlay({ active, delay = 0, label = "Loading…" }: LoadingOverlayProps) {
  const navigation = useNavigation();
  const busy = active ?? navigation.state !== "idle";
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!busy || delay <= 0) return;
    const timer = setTimeout(() => setDelayPassed(true), delay);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy, delay]);

  const shown = busy && (delay <= 0 || delayPassed);
  return (
    <>
      {/* The live region stays mounted so screen readers announce the label when it appears. */}
      <div role="status" className="visually-hidden">
        {shown ? label : null}
      </div>
      {shown ? (
        <div className="loading-overlay" aria-hidden="true">
          <div className="spinner" />
        </div>
      ) : null}
    </>
  );
}
