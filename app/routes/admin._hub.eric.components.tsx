import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { type FormReply } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { digitsText, requiredText, TEXT_LIMITS } from "~/forms/rules";
import { richTextSchema } from "~/rich-text/schema.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { STYLE_GUIDE_INTENT } from "~/style-guide/demo-intents";
import { ComponentsPage, DEMO_TIME_ZONE } from "~/style-guide/ui/components-page";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { formatInZone } from "~/ui/zoned-time";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

export const meta: MetaFunction = () => [{ title: "Components · Design lab · Gavel" }];

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

// The demo pledge form: one schema, field errors back with status 400, a toast after success.
const pledgeSchema = z.object({
  name: requiredText(
    TEXT_LIMITS.name,
    "Enter the name of the guest making the pledge.",
    `A name can be at most ${TEXT_LIMITS.name} characters.`,
  ),
  amount: z
    .string()
    .trim()
    .min(1, "Enter an amount.")
    .transform((value) => value.replace(/^\$/, "").replaceAll(",", ""))
    .pipe(
      digitsText("Enter a whole number of dollars, without cents.")
        .transform(Number)
        .refine((amount) => amount >= 1, "The amount must be at least $1.")
        .refine((amount) => amount <= 1_000_000, "The amount can be at most $1,000,000."),
    ),
});

const toastTypeSchema = z.enum(["success", "info", "error"]);

// The rich-text demo: the action sanitises what was posted, as every action saving rich text must. A function,
// not a module-level schema: richTextSchema is server-only, and this module also runs in the browser.
const richTextDemoSchema = () => z.object({ story: richTextSchema({ required: "Write a few words about the item." }) });

const dateTimeDemoSchema = z.object({
  startsAt: zonedDateTimeSchema(DEMO_TIME_ZONE, { required: "Choose when the gala starts." }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireEventPermission(request, "can_design");
  return null;
}

/** The demos' posts. The three form demos answer in a shape of their own (StyleGuideAnswer), refusals included. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_design"),
    intents: (intent) => ({
      [STYLE_GUIDE_INTENT.pledge]: intent({
        formId: STYLE_GUIDE_INTENT.pledge,
        schema: pledgeSchema,
        // The pledge demo shows a form's errors and what was typed coming back with status 400.
        refusal: (reply, { form }) =>
          data(
            {
              intent: STYLE_GUIDE_INTENT.pledge,
              errors: fieldMessages(reply),
              values: { name: String(form.get("name") ?? ""), amount: String(form.get("amount") ?? "") },
            },
            { status: 400 },
          ),
        run: async (_, pledge) => {
          const dollars = new Intl.NumberFormat("en-US", {
            style: "currency",
            currency: "USD",
            maximumFractionDigits: 0,
          });
          return {
            title: `Pledge of ${dollars.format(pledge.amount)} from ${pledge.name}`,
            description: "The form was valid. This is a demo, so nothing was saved.",
          };
        },
      }),
      // The two demos below save nothing, so they answer with what they would store instead of redirecting.
      [STYLE_GUIDE_INTENT.richText]: intent({
        formId: STYLE_GUIDE_INTENT.richText,
        schema: richTextDemoSchema,
        refusal: (reply) =>
          data({ intent: STYLE_GUIDE_INTENT.richText, errors: fieldMessages(reply), html: null }, { status: 400 }),
        run: async (_, { story }) => data({ intent: STYLE_GUIDE_INTENT.richText, errors: null, html: story }),
      }),
      [STYLE_GUIDE_INTENT.dateTime]: intent({
        formId: STYLE_GUIDE_INTENT.dateTime,
        schema: dateTimeDemoSchema,
        refusal: (reply) =>
          data({ intent: STYLE_GUIDE_INTENT.dateTime, errors: fieldMessages(reply), stored: null }, { status: 400 }),
        run: async (_, { startsAt }) =>
          data({
            intent: STYLE_GUIDE_INTENT.dateTime,
            errors: null,
            // Required, so never null here.
            stored: { utc: startsAt!.toISOString(), wallTime: formatInZone(startsAt!, DEMO_TIME_ZONE, "long") },
          }),
      }),
      [STYLE_GUIDE_INTENT.toast]: intent({
        formId: STYLE_GUIDE_INTENT.toast,
        schema: z.object({ type: toastTypeSchema.catch("info") }),
        run: async (_, { type }) => {
          const examples = {
            success: { title: "Saved", description: "The change is stored." },
            info: { title: "Bidding opens at 6 pm", description: "Guests can browse the items until then." },
            error: { title: "That did not work", description: "The card was declined. Nothing was charged." },
          } as const;
          return { type, ...examples[type] };
        },
      }),
      [STYLE_GUIDE_INTENT.confirm]: intent({
        formId: STYLE_GUIDE_INTENT.confirm,
        schema: z.object({}),
        run: async () => ({ title: "Confirmed", description: "The demo action ran after you confirmed it." }),
      }),
      [STYLE_GUIDE_INTENT.slow]: intent({
        formId: STYLE_GUIDE_INTENT.slow,
        schema: z.object({}),
        run: async () => {
          // Long enough for the loading overlay to appear.
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return { type: "info" as const, title: "Finished after 1.5 seconds" };
        },
      }),
    }),
  });
}

/** A refusal's messages by field, as the demos show them beside their fields. */
function fieldMessages(reply: FormReply) {
  return Object.fromEntries(
    Object.entries(reply.error ?? {}).flatMap(([field, messages]) => (field && messages ? [[field, messages]] : [])),
  );
}

export default function ComponentsRoute() {
  return (
    <>
      <div className="page-header">
        <h1>Components</h1>
        <p>The shared pieces every Gavel screen is built from, working as they do in the app.</p>
      </div>
      <ComponentsPage />
    </>
  );
}
