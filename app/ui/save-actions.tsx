import { Button } from "./button";
import type { ReactNode } from "react";

/**
 * The foot of a settings form: its primary submit button, which says "Saving…" (and cannot be pressed again) while
 * the form is being sent, then any other actions (a way back).
 */
export function SaveActions({
  saving,
  label = "Save",
  intent,
  children,
}: {
  saving: boolean;
  label?: string;
  /** The intent the button posts, for a form that does several things. */
  intent?: string;
  children?: ReactNode;
}) {
  return (
    <div className="settings-form__actions">
      <Button type="submit" variant="primary" name={intent ? "intent" : undefined} value={intent} disabled={saving}>
        {saving ? "Saving…" : label}
      </Button>
      {children}
    </div>
  );
}
