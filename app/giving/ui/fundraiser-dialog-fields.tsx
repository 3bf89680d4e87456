import { checkboxProps } from "~/ui/field";
import { centsToInput } from "~/ui/money-input";
import { utcToZonedInput } from "~/ui/zoned-time";
import { FundraiserPageFields } from "./fundraiser-pages";
import type { fundraiserSchema } from "../fundraiser-forms";
import type { FundraiserRow } from "../fundraisers.server";
import type { Fieldset } from "~/ui/form-dialog";

/** A saved page as its dialog posts it, its end in the event's time zone. */
export function fundraiserPageValues(row: FundraiserRow, timeZone: string) {
  return {
    name: row.name,
    goal: centsToInput(row.goal),
    story: row.story,
    ends_at: utcToZonedInput(row.ends_at, timeZone),
    is_active: row.is_active ? "yes" : "no",
  };
}

/** A page's fields in the staff's dialog: the supporter's page fields, and whether it is shown. */
export function FundraiserDialogFields({
  fields,
  row,
  timeZone,
}: {
  fields: Fieldset<ReturnType<typeof fundraiserSchema>>;
  row: FundraiserRow | undefined;
  timeZone: string;
}) {
  return (
    <>
      <FundraiserPageFields
        fields={fields}
        saved={{ story: row?.story ?? "", photo: row?.photo ?? null }}
        timeZone={timeZone}
      />
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Shown to the public (once approved)
      </label>
    </>
  );
}
