/**
 * One shape for a screen's action (docs/architecture.md, "Forms"): who may post, then per intent (the posted
 * `intent` field) the form's schema and one domain call. A route declares its intents; this turns each post into
 * one of them:
 * - access is checked first, for every post (a team member's permission for the event, or a guest's page);
 * - the post is parsed with the intent's schema; a post that does not parse is refused, 400, beside its fields in
 *   the form contract's shape (form-contract.ts), under the form's id so only that form shows it;
 * - the domain call answers what to say (a toast, after a redirect back to the page) or, for a screen that stays
 *   where it is (the door's station), an answer of its own; a `Refusal` it throws is refused like a bad field.
 * Domain modules stay free of HTTP: they take values and throw `Refusal`, and only this module and the routes
 * build answers.
 */
import { data } from "@remix-run/node";
import { formReply, parseForm, refusalReply, type FormReply } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { redirectWithToast, type ToastInput } from "~/http/toast.server";
import type { z, ZodTypeAny } from "zod";

/** What a domain call gets: what access gave (the event, the person), and the post for the few that read more. */
export type IntentCall<Access> = Access & { form: FormData; request: Request };

/** What an intent answers: a toast's title or toast (shown on the page it redirects back to), or an answer. */
export type IntentAnswer = string | ToastInput | Response | ReturnType<typeof data>;

export interface Intent<Access, Schema extends ZodTypeAny = ZodTypeAny> {
  /** The form a refusal belongs to: fixed, or read from the post (a dialog's name, `edit-table-12`). */
  formId: string | ((form: FormData) => string);
  /** The form's schema; built per call when it depends on the event (its tickets, its time zone). */
  schema: Schema | ((call: IntentCall<Access>) => Schema | Promise<Schema>);
  /**
   * For a form of buttons with nothing to type (a lot's Sold, a guest's Check in): the one message a post that
   * does not parse gets, above the form, instead of messages beside fields no one sees.
   */
  unparsed?: string;
  /** For a long form: the message above it when it is refused, beside its fields' own ("Nothing was saved."). */
  refusedAbove?: string;
  /**
   * Messages by field found outside the schema (a refused upload, read with the post): the form is refused with
   * them and its own, as answerForm's `otherErrors` does.
   */
  otherErrors?: (call: IntentCall<Access>) => Record<string, string[]>;
  /**
   * The fields the form shows, when it also posts hidden ones (the item a dialog is about): a message about a
   * hidden field goes above the form, where it is seen.
   */
  shownFields?: readonly string[];
  /**
   * For a row's button (mark paid, resend), whose page has no form to show a message in: a refusal is said in an
   * error toast on the page it redirects back to, as its success would be.
   */
  refuseInToast?: boolean;
  /**
   * For a post whose page shows a refusal in a shape of its own (a grid's cell or action bar): the refusal (of the
   * post, or the `Refusal` its call threw), reshaped. The post is the call's `form`.
   */
  refusal?: (reply: FormReply, call: IntentCall<Access>) => Response | ReturnType<typeof data>;
  /** A move made by dragging replaces the page in the history rather than adding an entry per move. */
  replaceHistory?: boolean;
  run: (call: IntentCall<Access>, input: z.output<Schema>) => Promise<IntentAnswer>;
}

export interface IntentActionSpec<Access> {
  /** Who may post: throws the 403 (or the sign-in redirect) when not; answers what the calls get. */
  access: (request: Request) => Promise<Access>;
  /** Reads the post when it is not a plain form (an upload); an answer refuses it (a file over the limit). */
  readForm?: (request: Request) => Promise<FormData | Response | ReturnType<typeof data>>;
  /** The intents by name, each declared with `declare`, which types its domain call's input by its schema. */
  intents: (declare: DeclareIntent<Access>) => Record<string, Intent<Access, never>>;
  /** For a screen whose answers are not the form contract's (the door's status line): a refusal, reshaped. */
  refusal?: (reply: FormReply) => Response | ReturnType<typeof data>;
}

/** Declares an intent, typing its domain call's input by its schema. */
export type DeclareIntent<Access> = <Schema extends ZodTypeAny>(
  declared: Intent<Access, Schema>,
) => Intent<Access, never>;

const declareIntent = <Access>(declared: Intent<Access, ZodTypeAny>) => declared as unknown as Intent<Access, never>;

/**
 * Answers one post. Called from the route's `action` function with the route's declaration (not built at module
 * level in a way that runs server code: the browser build loads the route module too, where this module is empty).
 */
export async function intentAction<Access>(request: Request, spec: IntentActionSpec<Access>) {
  const access = await spec.access(request);
  const form = spec.readForm ? await spec.readForm(request) : await readPostedForm(request);
  // A refusal of the post as a whole (not instanceof FormData: the multipart reader's class may be another's).
  if (form instanceof Response || !("getAll" in form)) return form;
  const name = String(form.get("intent") ?? "");
  const intents = spec.intents(declareIntent as DeclareIntent<Access>);
  const declared = Object.hasOwn(intents, name) ? (intents[name] as unknown as Intent<Access, ZodTypeAny>) : undefined;
  if (!declared) throw new Response("This form does not say what to do.", { status: 400 });

  const call: IntentCall<Access> = { ...access, form, request };
  const formId = typeof declared.formId === "function" ? declared.formId(form) : declared.formId;
  const schema = typeof declared.schema === "function" ? await declared.schema(call) : declared.schema;
  const url = new URL(request.url);
  // The dialog the address opened (pages without JavaScript) is done with.
  url.searchParams.delete("dialog");
  const back = (toast: ToastInput) =>
    redirectWithToast(
      url.pathname + url.search,
      toast,
      declared.replaceHistory ? { headers: { "X-Remix-Replace": "yes" } } : undefined,
    );
  const refuse = (reply: FormReply) => {
    if (declared.refuseInToast) return back({ type: "error", title: Object.values(reply.error ?? {}).flat()[0] ?? "" });
    if (declared.refusal) return declared.refusal(reply, call);
    return spec.refusal ? spec.refusal(reply) : data(reply, { status: 400 });
  };

  const submission = parseForm(form, schema);
  const fieldErrors = declared.otherErrors?.(call) ?? {};
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0)
    return refuse(
      declared.unparsed
        ? formReply(formId, { formError: declared.unparsed })
        : shownWhere(declared.shownFields, {
            ...submission.reply({
              fieldErrors,
              formErrors: declared.refusedAbove ? [declared.refusedAbove] : undefined,
            }),
            formId,
          }),
    );
  let answer: IntentAnswer;
  try {
    answer = await declared.run(call, submission.value);
  } catch (error) {
    if (error instanceof Refusal) return refuse(refusalReply(formId, submission, error));
    throw error;
  }
  if (typeof answer !== "string" && !isToast(answer)) return answer;
  return back(typeof answer === "string" ? { title: answer } : answer);
}

function isToast(answer: IntentAnswer): answer is ToastInput {
  return !(answer instanceof Response) && typeof (answer as ToastInput).title === "string";
}

/** The reply with messages about fields the form does not show moved above the form (the first one is enough). */
export function shownWhere(shownFields: readonly string[] | undefined, reply: FormReply): FormReply {
  if (!shownFields || !reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  const hidden: string[] = [];
  for (const [field, messages] of Object.entries(reply.error)) {
    if (field === "" || shownFields.includes(field)) error[field] = messages;
    else hidden.push(...(messages ?? []));
  }
  if (hidden.length > 0) error[""] = [...(error[""] ?? []), hidden[0]];
  return { ...reply, error };
}
