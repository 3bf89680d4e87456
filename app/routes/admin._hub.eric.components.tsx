import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { digitsText, requiredText, TEXT_LIMITS } from "~/forms/rules";
import { redirectWithToast } from "~/http/toast.server";
import { richTextSchema } from "~/rich-text/schema.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { ComponentsPage, DEMO_TIME_ZONE } from "~/style-guide/ui/components-page";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { formatInZone, zonedDateTimeSchema } from "~/ui/zoned-time";

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

export async function action({ request }: ActionFunctionArgs) {
  await requireEventPermission(request, "can_design");
  const form = await readPostedForm(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  switch (form.get("intent")) {
    case "pledge": {
      const values = { name: String(form.get("name") ?? ""), amount: String(form.get("amount") ?? "") };
      const parsed = pledgeSchema.safeParse(values);
      if (!parsed.success) {
        return data({ intent: "pledge" as const, errors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
      }
      const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
      return redirectWithToast(here, {
        title: `Pledge of ${dollars.format(parsed.data.amount)} from ${parsed.data.name}`,
        description: "The form was valid. This is a demo, so nothing was saved.",
      });
    }
    // The two demos below save nothing, so they answer with what they would store instead of redirecting.
    case "rich-text": {
      const parsed = richTextDemoSchema().safeParse({ story: String(form.get("story") ?? "") });
      if (!parsed.success) {
        return data(
          { intent: "rich-text" as const, errors: parsed.error.flatten().fieldErrors, html: null },
          { status: 400 },
        );
      }
      return data({ intent: "rich-text" as const, errors: null, html: parsed.data.story });
    }
    case "date-time": {
      const parsed = dateTimeDemoSchema.safeParse({ startsAt: String(form.get("startsAt") ?? "") });
      if (!parsed.success) {
        return data(
          { intent: "date-time" as const, errors: parsed.error.flatten().fieldErrors, stored: null },
          { status: 400 },
        );
      }
      const startsAt = parsed.data.startsAt!; // required, so never null here
      return data({
        intent: "date-time" as const,
        errors: null,
        stored: { utc: startsAt.toISOString(), wallTime: formatInZone(startsAt, DEMO_TIME_ZONE, "long") },
      });
    }
    case "toast": {
      const type = toastTypeSchema.catch("info").parse(form.get("type"));
      const examples = {
        success: { title: "Saved", description: "The change is stored." },
        info: { title: "Bidding opens at 6 pm", description: "Guests can browse the items until then." },
        error: { title: "That did not work", description: "The card was declined. Nothing was charged." },
      } as const;
      return redirectWithToast(here, { type, ...examples[type] });
    }
    case "confirm":
      return redirectWithToast(here, {
        title: "Confirmed",
        description: "The demo action ran after you confirmed it.",
      });
    case "slow":
      // Long enough for the loading overlay to appear.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return redirectWithToast(here, { type: "info", title: "Finished after 1.5 seconds" });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
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
