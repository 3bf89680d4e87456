import { useId, type ReactNode } from "react";
import type { FieldMetadata } from "@conform-to/react";

/**
 * Props to spread on the control so it is labelled, described and marked invalid; with a form's field (`meta`),
 * also its name, what it holds (saved, or typed before a refusal) and the schema's length limit.
 */
export type FieldControlProps = {
  id: string;
  className: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  name?: string;
  defaultValue?: string;
  maxLength?: number;
};

export type FieldProps = {
  label: ReactNode;
  /** Shown under the control and read out with it. */
  help?: ReactNode;
  /** The validation message for this field; when present the control is marked invalid. */
  error?: string | null;
  /** The field of a form on the contract (app/forms/use-contract-form.ts): its name, value, limit and message. */
  meta?: FieldMetadata<unknown>;
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

export function Field({ label, help, error: givenError, meta, required, className, children }: FieldProps) {
  const id = useId();
  const error = givenError ?? meta?.errors?.[0];
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
        ...(meta ? fieldValueProps(meta) : {}),
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

/** A form field's name, what it holds and its length limit, as its control takes them. */
function fieldValueProps(meta: FieldMetadata<unknown>) {
  return {
    name: meta.name,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
    maxLength: meta.maxLength,
  };
}

/** A checkbox of a form on the contract: posts "yes" when ticked; ticked as saved, or as sent before a refusal. */
export function checkboxProps(meta: FieldMetadata<unknown>) {
  return {
    name: meta.name,
    value: "yes",
    defaultChecked: meta.initialValue === "yes" || meta.initialValue === "on",
  };
}
