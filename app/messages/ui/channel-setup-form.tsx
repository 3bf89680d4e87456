import { Form } from "@remix-run/react";
import { useState, type ReactNode, type RefObject } from "react";
import { formProps } from "~/forms/use-contract-form";

/**
 * The settings form of a message channel (email, texting): its provider's secret and its templates, whose previews
 * follow what is typed (`onTyped`, a checkbox as "yes" or ""). A new form after each save (`savedAt`): the secret
 * just typed leaves the page with it.
 */
export function ChannelSetupForm({
  savedAt,
  form,
  formRef,
  onTyped,
  children,
}: {
  savedAt: string;
  form: Parameters<typeof formProps>[0];
  formRef: RefObject<HTMLFormElement>;
  onTyped: (name: string, value: string) => void;
  children: ReactNode;
}) {
  return (
    <Form
      key={savedAt}
      method="post"
      ref={formRef}
      className="settings-form"
      {...formProps(form)}
      onInput={(event) => {
        const target = event.target as HTMLInputElement | HTMLTextAreaElement;
        const value = target.type === "checkbox" ? ((target as HTMLInputElement).checked ? "yes" : "") : target.value;
        if (target.name) onTyped(target.name, value);
      }}
    >
      {/* The form's id is its intent: the page's other form sends a test. */}
      <input type="hidden" name="intent" value={form.id} />
      {children}
    </Form>
  );
}

/**
 * What is typed in each field of a channel's form, kept for the templates' live previews (`typed`, changed with
 * `type`), and a template's field by its posted name ("subject_outbid"), which the form's typed fields cannot name.
 */
export function useChannelFields<Fields extends object>(fields: Fields, defaultValue: Record<string, string>) {
  const [typed, setTyped] = useState<Record<string, string>>(defaultValue);
  const type = (name: string, value: string) => setTyped((current) => ({ ...current, [name]: value }));
  const field = (name: string) => (fields as Record<string, Fields[keyof Fields]>)[name];
  return { typed, type, field };
}
