import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useEffect, useMemo, useRef, type FormEventHandler } from "react";
import { parseForm, replyFor } from "./form-contract";
import type { z, ZodTypeAny } from "zod";

/**
 * A form on the contract (form-contract.ts), through Conform: the browser checks the form with its schema when it is
 * sent, then each field again as it is corrected, and refuses to send a form it knows the server would refuse. Fields
 * are not checked as they are left: a message appearing under a field moved the button below it between press and
 * release, and the click was lost (and people leave a field focused on arrival to fetch its value, such as a sign-in
 * code from their mail). The server's reply (`reply`, the action's answer to this page or fetcher) shows beside the fields when it is this
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
}: {
  id: string;
  schema: Schema;
  reply: unknown;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** Focus the first problem after a submit the browser refused (FormDialog does its own focusing). */
  focusRefused?: boolean;
}) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: replyFor(reply, id),
    defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  useFocusAfterRefusedSubmit(focusRefused ? id : null);
  return { form, fields };
}

/**
 * After a submit the browser refused (Conform marks the fields), focuses the form's first field with a problem, or its
 * message about the whole form.
 */
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
    // A field with a problem, else the form's own message (FormAlert), as useFocusFirstError does for the server's.
    document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  });
}

/** What the <form> of a contract form takes from its Conform form: `<Form method="post" {...formProps(form)}>`. */
export function formProps(form: { id: string; onSubmit: FormEventHandler<HTMLFormElement>; noValidate: boolean }) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate };
}
