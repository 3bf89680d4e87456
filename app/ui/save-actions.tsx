import { Button } from "./button";
import type { ReactNode } from "react";

/**
 * The foot of a settings form: its primary submit button, which says "Saving…" (and cannot be pressed again) while
 * the form is being sent, then any other actions (a way back). A long form's is `sticky`: a bar at the bottom of the
 * window while the form runs past it, so saving never needs a scroll to the end.
 */
export function SaveActions({
  saving,
  label = "Save",
  intent,
  sticky = false,
  children,
}: {
  saving: boolean;
  label?: string;
  /** The intent the button posts, for a form that does several things. */
  intent?: string;
  sticky?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={sticky ? "settings-form__actions settings-form__actions--sticky" : "settings-form__actions"}>
      <Button type="submit" variant="primary" name={intent ? "intent" : undefined} value={intent} disabled={saving}>
        {saving ? "Saving…" : label}
      </Button>
      {children}
    </div>
  );
}
