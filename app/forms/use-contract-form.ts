import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useEffect, useMemo, useRef, type FormEventHandler } from "react";
import { parseForm, replyFor } from "./form-contract";
import type { z, ZodTypeAny } from "zod";

/**
 * A form on the contract (form-contract.ts), through Conform: the browser checks each field with the form's schema
 * when it is left (or from the first send: `shouldValidate`) and again as it is corrected, and refuses to send a form it knows the server would refuse; the
 * server's reply (`reply`, the action's answer to this page or fetcher) shows beside the fields when it is this
 * form's. Without JavaScript the same reply comes with the page. The <form> takes `id`, `onSubmit` and `noValidate`
 * from `form`. When the browser refuses to send the form, focus goes to its first field with a problem (the
 * server's refusals are focused by useFocusFirstError, which also covers pages without JavaScript).
 */
export function useContractForm<Schema extends ZodTypeAny>({
  id,
  schema,
  reply,
  defaultValue,
  focusRefused = true,
  shouldValidate = "onBlur",
}: {
  id: string;
  schema: Schema;
  reply: unknown;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** Focus the first problem after a submit the browser refused (FormDialog does its own focusing). */
  focusRefused?: boolean;
  /**
   * When a field is first checked: when it is left, or only once the form is sent ("onSubmit": for a field focused
   * on arrival, which people leave to fetch what they type, such as the sign-in code from their mail).
   */
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: replyFor(reply, id),
    defaultValue,
    constraint,
    shouldValidate,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  useFocusAfterRefusedSubmit(focusRefused ? id : null);
  return { form, fields };
}

/** After a submit the browser refused (Conform marks the fields), focuses the form's first field with a problem. */
function useFocusAfterRefusedSubmit(id: string | null) {
  const submitted = useRef(false);
  useEffect(() => {
    const element = id === null ? null : document.getElementById(id);
    if (!element) return;
    const onSubmit = () => {
      submitted.current = true;
    };
    element.addEventListener("submit", onSubmit);
    return () => element.removeEventListener("submit", onSubmit);
  }, [id]);
  // The render that follows the submit shows its problems, if any: focus the first, once.
  useEffect(() => {
    if (!submitted.current || id === null) return;
    submitted.current = false;
    document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** What the <form> of a contract form takes from its Conform form: `<Form method="post" {...formProps(form)}>`. */
export function formProps(form: { id: string; onSubmit: FormEventHandler<HTMLFormElement>; noValidate: boolean }) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate };
}
