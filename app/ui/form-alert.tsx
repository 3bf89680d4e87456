import type { ReactNode } from "react";

/** A message about the whole form (not one field), announced when it appears and focusable for useFocusFirstError. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p className="form-alert" role="alert" tabIndex={-1}>
      {children}
    </p>
  );
}
