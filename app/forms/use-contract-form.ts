import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useMemo } from "react";
import { parseForm, replyFor } from "./form-contract";
import type { z, ZodTypeAny } from "zod";

/**
 * A form on the contract (form-contract.ts), through Conform: the browser checks each field with the form's schema
 * when it is left and again as it is corrected, and refuses to send a form it knows the server would refuse; the
 * server's reply (`reply`, the action's answer to this page or fetcher) shows beside the fields when it is this
 * form's. Without JavaScript the same reply comes with the page. Spread `form.props` on the <form>.
 */
export function useContractForm<Schema extends ZodTypeAny>({
  id,
  schema,
  reply,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  reply: unknown;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: replyFor(reply, id),
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  return { form, fields };
}
