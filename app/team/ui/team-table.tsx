import { Form, useFetcher, useFetchers } from "@remix-run/react";
import { useRef, useState, type ChangeEvent } from "react";
import { NOTIFY_FLAGS, PERMISSIONS, TEAM_FLAG_LABELS, TEAM_FLAGS, type TeamFlag } from "~/auth/permissions";
import { replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Field } from "~/ui/field";
import { useClientLayoutEffect } from "~/ui/use-client-layout-effect";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { useHydrated } from "~/ui/use-hydrated";
import { BULK_FORM, bulkSchema, memberFormId, removeFormId, TEAM_INTENT } from "../team-forms";

export type Member = { usr_id: number; name: string; email: string; flags: TeamFlag[] };

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
  reply,
}: {
  team: Member[];
  selfId: number;
  onlyAdminId: number | null;
  /**
   * The action's answer to the page: the bulk bar's refusal, or a row's after a post made without JavaScript (with
   * it, each row reads its own fetcher). Each form shows the reply with its own form id.
   */
  reply: unknown;
}) {
  const removing = useFetchers().filter((fetcher) => fetcher.formData?.get("intent") === TEAM_INTENT.remove).length;
  const { form: bulkForm, fields: bulkFields } = useContractForm({ id: BULK_FORM, schema: bulkSchema, reply });
  // The members selected when the change was refused stay selected.
  const sent = bulkFields.usr_id.initialValue;
  const bulkSelected = new Set((Array.isArray(sent) ? sent : sent ? [sent] : []).map(Number));

  return (
    <Card
      title={`Team members (${team.length - removing})`}
      description="Tick what each person may do and which emails they get, then save their row."
    >
      <div className="stack">
        <BulkBar form={bulkForm} fields={bulkFields} reply={replyFor(reply, BULK_FORM)} />
        {/* Focus comes here when a removed member's row goes with the button that had it (ConfirmDialog, MemberRow). */}
        <div className="table-wrap" tabIndex={-1}>
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
                  pageReply={reply}
                />
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

type BulkForm = ReturnType<typeof useContractForm<typeof bulkSchema>>;

function BulkBar({ form, fields, reply }: BulkForm & { reply: FormReply | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, reply);
  // The selection is not a field of the bar (its boxes are in the rows): its message, and the team's rules', show here.
  const barMessage = fields.usr_id.errors?.[0] ?? form.errors?.[0];
  return (
    <Form
      method="post"
      ref={formRef}
      className="bulk-bar"
      aria-label="Change several members at once"
      {...formProps(form)}
    >
      <input type="hidden" name="intent" value={TEAM_INTENT.bulk} />
      <p className="bulk-bar__lead">Change the selected members at once:</p>
      <Field label="Permission or notification" meta={fields.flag}>
        {(control) => (
          <select {...control}>
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
      {barMessage ? (
        <p className="field__error bulk-bar__error" role="alert" tabIndex={-1}>
          {barMessage}
        </p>
      ) : null}
    </Form>
  );
}

/** Ticks or clears every member's selection box; it needs JavaScript, so it only appears once the page has it. */
function SelectAll() {
  const hydrated = useHydrated();
  if (!hydrated) return <span className="visually-hidden">Select</span>;
  const boxes = () => document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"][name="usr_id"]`);
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
  pageReply,
}: {
  member: Member;
  isSelf: boolean;
  isOnlyAdmin: boolean;
  bulkSelected: boolean;
  pageReply: unknown;
}) {
  const formId = memberFormId(member.usr_id);
  const removeId = removeFormId(member.usr_id);
  // Each form posts through the fetcher named by its form id, and reads its answer there.
  const save = useFetcher<FormReply>({ key: formId });
  const remove = useFetcher<FormReply>({ key: removeId });
  const [dirty, setDirty] = useState(false);
  const displayName = member.name || member.email;
  const saveError = firstMessage(replyFor(save.data ?? pageReply, formId));
  const removeError = firstMessage(replyFor(remove.data ?? pageReply, removeId));
  const flags = new Set(member.flags);
  const rowRef = useRef<HTMLTableRowElement>(null);
  const hidden = remove.state !== "idle";
  useClientLayoutEffect(() => {
    // The confirmation dialog may have given focus back to the row's Remove button before the row hid: keep keyboard
    // users in the table rather than on the page's top.
    const row = rowRef.current;
    if (hidden && row?.contains(document.activeElement)) row.closest<HTMLElement>("[tabindex]")?.focus();
  }, [hidden]);

  return (
    <tr
      ref={rowRef}
      hidden={hidden}
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
          form={BULK_FORM}
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
            <input type="hidden" name="intent" value={TEAM_INTENT.update} />
            <input type="hidden" name="usr_id" value={member.usr_id} />
            <Button type="submit" size="sm" variant={dirty ? "primary" : "secondary"} disabled={save.state !== "idle"}>
              {save.state !== "idle" ? "Saving…" : "Save"}
              <span className="visually-hidden"> {displayName}</span>
            </Button>
          </save.Form>
          <ConfirmDialog
            fetcherKey={removeId}
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
            fields={{ intent: TEAM_INTENT.remove, usr_id: String(member.usr_id) }}
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

/**
 * A row's forms have no field of their own to show a message beside (the member is a hidden field, the flags are
 * boxes in the cells): whatever the reply says, for the form or a field, shows once beside the row's buttons.
 */
function firstMessage(reply: FormReply | undefined): string | undefined {
  return Object.values(reply?.error ?? {}).find((messages) => messages?.length)?.[0];
}
