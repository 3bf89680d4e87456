import { useId, type ReactNode } from "react";

/** Props to spread on the control so it is labelled, described and marked invalid. */
export type FieldControlProps = {
  id: string;
  className: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** Shown under the control and read out with it. */
  help?: ReactNode;
  /** The validation message for this field; when present the control is marked invalid. */
  error?: string | null;
  /** Marks the label; the control itself still needs `required` for browser validation. */
  required?: boolean;
  className?: string;
  /**
   * Renders the control (input, textarea or select) with the given props spread on it, e.g.
   * `{(control) => <input {...control} name="title" />}`. A render function keeps every native attribute
   * available without this component re-declaring them.
   */
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, help, error, required, className, children }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help != null ? helpId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={["field", error ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        className: "field__control",
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {help != null ? (
        <p id={helpId} className="field__help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
