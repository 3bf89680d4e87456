import { useEffect, type RefObject } from "react";

/**
 * After a failed post, moves focus to the first field marked invalid (or the form's alert), so keyboard and
 * screen reader users land on what needs fixing.
 */
export function useFocusFirstError(formRef: RefObject<HTMLElement | null>, errors: unknown) {
  useEffect(() => {
    if (!errors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  }, [formRef, errors]);
}
