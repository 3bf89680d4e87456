import { Form } from "@remix-run/react";
import { formProps } from "~/forms/use-contract-form";
import type { ReactNode, RefObject } from "react";

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
      {children}
    </Form>
  );
}
