import { Form, useFetcher, useFetchers } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { NOTIFY_FLAGS, PERMISSIONS, TEAM_FLAG_LABELS, TEAM_FLAGS, type TeamFlag } from "~/auth/permissions";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Field } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import type { TeamFormErrors } from "../team-forms";

export type Member = { usr_id: number; name: string; email: string; flags: TeamFlag[] };

const BULK_FORM_ID = "team-bulk";
const saveKey = (usrId: number) => `team-save-${usrId}`;
const removeKey = (usrId: number) => `team-remove-${usrId}`;

/**
 * The team as a grid: one row per member, one checkbox per permission and notification. Each row is its own form
 * (its checkboxes join it through the form attribute), saved with its Save button; the first column selects
 * members for a change made to all of them at once. Removing asks first, then hides the row at once while the
 * server is told; if the server refuses, the row comes back with the reason beside its buttons. (The row
 * is hidden, not unmounted, so it keeps listening to its fetcher for that answer.)
 */
export function TeamTable({
  team,
  selfId,
  onlyAdminId,
  actionData,
}: {
  team: Member[];
  selfId: number;
  onlyAdminId: number | null;
  /** The action's refusal after a post made without JavaScript (with it, each row reads its own fetcher). */
  actionData: TeamFormErrors | undefined;
}) {
  const removing = useFetchers().filter((fetcher) => fetcher.formData?.get("intent") === "remove").length;
  const tableRef = useRef<HTMLDivElement>(null);
  const wasRemoving = useRef(0);
  useEffect(() => {
    // The removed row disappears with the button that had focus: keep keyboard users in the table. The
    // confirmation dialog gives focus back to that button when it has finished closing, which may be after the
    // removal started, so look again once the removal is done and the row gone.
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (removing > wasRemoving.current || (removing < wasRemoving.current && focusLost)) tableRef.current?.focus();
    wasRemoving.current = removing;
  }, [removing]);
  const bulk = actionData?.intent === "bulk" ? actionData : undefined;
  const bulkSelected = new Set(Array.isArray(bulk?.values?.usr_ids) ? bulk.values.usr_ids.map(Number) : []);

  return (
    <Card
      title={`Team members (${team.length - removing})`}
      description="Tick what each person may do and which emails they get, then save their row."
    >
      <div className="stack">
        <BulkBar errors={bulk} />
        <div className="table-wrap" ref={tableRef} tabIndex={-1}>
          <table className="data-table team-grid">
            <caption className="visually-hidden">Team members, their permissions and notifications</caption>
            <colgroup>
              <col className="team-grid__select-col" />
              <col />
              <col span={PERMISSIONS.length} className="team-grid__permissions" />
              <col span={NOTIFY_FLAGS.length} className="team-grid__notifications" />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th rowSpan={2} scope="col" className="team-grid__select">
                  <SelectAll />
                </th>
                <th rowSpan={2} scope="col">
                  Member
                </th>
                <th colSpan={PERMISSIONS.length} scope="colgroup" className="team-grid__group">
                  Permissions
                </th>
                <th colSpan={NOTIFY_FLAGS.length} scope="colgroup" className="team-grid__group">
                  Email notifications
                </th>
                <th rowSpan={2} scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
              <tr>
                {TEAM_FLAGS.map((flag) => (
                  <th key={flag} scope="col" className="team-grid__flag-heading">
                    <span>{TEAM_FLAG_LABELS[flag]}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {team.map((member) => (
                <MemberRow
                  // A row starts afresh when its stored flags change (after a save or a change to several members).
                  key={`${member.usr_id}:${member.flags.join(",")}`}
                  member={member}
                  isSelf={member.usr_id === selfId}
                  isOnlyAdmin={member.usr_id === onlyAdminId}
                  bulkSelected={bulkSelected.has(member.usr_id)}
                  refusal={
                    actionData && actionData.intent !== "bulk" && actionData.usrId === member.usr_id
                      ? actionData
                      : undefined
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

function BulkBar({ errors }: { errors: TeamFormErrors | undefined }) {
  const chosenFlag = typeof errors?.values?.flag === "string" ? errors.values.flag : "";
  const selectionError = errors?.fieldErrors?.usr_ids?.[0];
  return (
    <Form method="post" id={BULK_FORM_ID} className="bulk-bar" aria-label="Change several members at once">
      <input type="hidden" name="intent" value="bulk" />
      <p className="bulk-bar__lead">Change the selected members at once:</p>
      <Field label="Permission or notification" error={errors?.fieldErrors?.flag?.[0]}>
        {(control) => (
          <select {...control} name="flag" defaultValue={chosenFlag}>
            <option value="">Choose…</option>
            <optgroup label="Permissions">
              {PERMISSIONS.map((flag) => (
                <option key={flag} value={flag}>
                  {TEAM_FLAG_LABELS[flag]}
                </option>
              ))}
            </optgroup>
            <optgroup label="Email notifications">
              {NOTIFY_FLAGS.map((flag) => (
                <option key={flag} value={flag}>
                  {TEAM_FLAG_LABELS[flag]}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </Field>
      <div className="cluster bulk-bar__buttons">
        <Button type="submit" name="value" value="set" size="sm">
          Give to selected
        </Button>
        <Button type="submit" name="value" value="clear" size="sm">
          Take away from selected
        </Button>
      </div>
      {selectionError || errors?.formError ? (
        <p className="field__error bulk-bar__error" role="alert">
          {selectionError ?? errors?.formError}
        </p>
      ) : null}
    </Form>
  );
}

/** Ticks or clears every member's selection box; it needs JavaScript, so it only appears once the page has it. */
function SelectAll() {
  const hydrated = useHydrated();
  if (!hydrated) return <span className="visually-hidden">Select</span>;
  const boxes = () => document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM_ID}"][name="usr_id"]`);
  return (
    <input
      type="checkbox"
      aria-label="Select every member"
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        for (const box of boxes()) box.checked = event.currentTarget.checked;
      }}
    />
  );
}

function MemberRow({
  member,
  isSelf,
  isOnlyAdmin,
  bulkSelected,
  refusal,
}: {
  member: Member;
  isSelf: boolean;
  isOnlyAdmin: boolean;
  bulkSelected: boolean;
  refusal: TeamFormErrors | undefined;
}) {
  const save = useFetcher<TeamFormErrors>({ key: saveKey(member.usr_id) });
  const remove = useFetcher<TeamFormErrors>({ key: removeKey(member.usr_id) });
  const [dirty, setDirty] = useState(false);
  const formId = `team-member-${member.usr_id}`;
  const displayName = member.name || member.email;
  const saveError = (save.data ?? (refusal?.intent === "update" ? refusal : undefined))?.formError;
  const removeError = (remove.data ?? (refusal?.intent === "remove" ? refusal : undefined))?.formError;
  const flags = new Set(member.flags);

  return (
    <tr
      hidden={remove.state !== "idle"}
      className={dirty ? "team-grid__row team-grid__row--dirty" : "team-grid__row"}
      onChange={(event) => {
        // The row has unsaved changes while any of its boxes differs from what is stored.
        const boxes = event.currentTarget.querySelectorAll<HTMLInputElement>(`input[form="${formId}"]`);
        setDirty([...boxes].some((box) => box.checked !== box.defaultChecked));
      }}
    >
      <td className="team-grid__select">
        <input
          type="checkbox"
          form={BULK_FORM_ID}
          name="usr_id"
          value={member.usr_id}
          defaultChecked={bulkSelected}
          aria-label={`Select ${displayName}`}
        />
      </td>
      <th scope="row" className="team-grid__member">
        <span className="team-grid__name">
          {displayName}
          {isSelf ? <span className="badge">You</span> : null}
        </span>
        {member.name ? <span className="team-grid__email">{member.email}</span> : null}
      </th>
      {TEAM_FLAGS.map((flag) => (
        <td key={flag} className="team-grid__flag">
          <input
            type="checkbox"
            form={formId}
            name="flag"
            value={flag}
            defaultChecked={flags.has(flag)}
            aria-label={`${displayName}: ${TEAM_FLAG_LABELS[flag]}`}
          />
        </td>
      ))}
      <td className="team-grid__actions">
        <div className="cluster">
          <save.Form method="post" id={formId}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="usr_id" value={member.usr_id} />
            <Button type="submit" size="sm" variant={dirty ? "primary" : "secondary"} disabled={save.state !== "idle"}>
              {save.state !== "idle" ? "Saving…" : "Save"}
              <span className="visually-hidden"> {displayName}</span>
            </Button>
          </save.Form>
          <ConfirmDialog
            fetcherKey={removeKey(member.usr_id)}
            trigger={
              <>
                Remove<span className="visually-hidden"> {displayName}</span>
              </>
            }
            triggerVariant="ghost"
            triggerSize="sm"
            title={`Remove ${displayName} from the team?`}
            description={
              isSelf
                ? "You will no longer be able to open this event's admin pages."
                : "They will no longer be able to open this event's admin pages. Their account, registrations and bids stay."
            }
            confirmLabel="Remove"
            confirmVariant="danger"
            fields={{ intent: "remove", usr_id: String(member.usr_id) }}
          />
        </div>
        {dirty ? <p className="team-grid__note">Unsaved changes</p> : null}
        {saveError || removeError ? (
          <p className="field__error" role="alert">
            {saveError ?? removeError}
          </p>
        ) : isOnlyAdmin ? (
          <p className="team-grid__note">The only member who can configure the event.</p>
        ) : null}
      </td>
    </tr>
  );
}
