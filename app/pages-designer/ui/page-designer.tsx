import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { fallbackStack, FONT_CATALOGUE } from "~/fonts/catalogue";
import { formErrorOf, replyFor, type FormReply } from "~/forms/form-contract";
import { paths } from "~/http/paths";
import { ImageField } from "~/images/ui/image-field";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { RichTextEditor } from "~/rich-text/ui/rich-text-editor";
import { contrastWarnings, isBrandedThemeSetting } from "~/ui/branding";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { ContrastWarning } from "~/ui/contrast-warning";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { useHydrated } from "~/ui/use-hydrated";
import { completeSectionOrder, LANDING_SECTIONS } from "~drizzle/schema/settings";
import {
  fieldName,
  imageUploadName,
  LANDING_SECTION_LABELS,
  PAGE_KINDS,
  SLIDE_FIELDS,
  defaultToggleName,
  type SectionForm,
  type SettingField,
} from "../page-kinds";
import {
  DESIGNER_FORM,
  DESIGNER_INTENT,
  hasDefaultToggle,
  moveSection,
  treeFromForm,
  valuesAsForm,
} from "../tree-form";
import type { PageKind, Tree } from "~/designed-pages/page-trees";

export interface DesignerProps {
  kind: PageKind;
  eventId: number;
  document: {
    exists: boolean;
    published: Tree;
    draft: Tree | null;
    draftSavedAt: string | null;
    publishedAt: string | null;
  };
  canPreview: boolean;
  canConfigure: boolean;
  /** The answer to the form's last post: a refusal, with the messages by setting and the tree as posted. */
  reply?: unknown;
  /** The page itself, drawn with the settings being edited. */
  renderPreview: (tree: Tree) => ReactNode;
  /** Where a previewer sees the saved draft on the public page, if the page has one. */
  draftHref?: string;
}

const when = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : null;

/**
 * The page designer: the page's settings tree section by section, each setting with its "use default" switch, and
 * the page itself beside it, redrawn from the form on every change. The form is a plain multipart form: saving,
 * publishing, moving sections and uploading pictures all work before JavaScript loads.
 */
export function PageDesigner(props: DesignerProps) {
  const { kind, document } = props;
  const info = PAGE_KINDS[kind];
  const reply = replyFor(props.reply, DESIGNER_FORM);
  const saved = document.draft ?? document.published;
  const start = reply?.initialValue ? treeFromForm(info, valuesAsForm(reply.initialValue), saved) : saved;
  // A saved draft (or a refused post) starts the form afresh.
  return <DesignerForm key={JSON.stringify(start)} {...props} refusal={reply} start={start} info={info} />;
}

function DesignerForm({
  kind,
  eventId,
  document,
  canPreview,
  canConfigure,
  refusal,
  renderPreview,
  draftHref,
  start,
  info,
}: DesignerProps & { refusal: FormReply | undefined; start: Tree; info: (typeof PAGE_KINDS)[PageKind] }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal);
  const [tree, setTree] = useState<Tree>(start);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const errors = refusal?.error ?? {};

  // Read after React has applied the change (the rich-text editor updates its hidden input on its own render).
  const readForm = () =>
    requestAnimationFrame(() => {
      if (formRef.current) setTree((current) => treeFromForm(info, new FormData(formRef.current!), current));
    });
  const onFormChange = (event: FormEvent<HTMLFormElement>) => {
    // Typing in a setting means using one's own value: its "use default" switch turns off.
    const target = event.target as HTMLInputElement;
    if (target.name && !target.name.endsWith(".useDefault") && target.type !== "file") {
      const box = formRef.current?.elements.namedItem(`${target.name}.useDefault`);
      if (box instanceof HTMLInputElement && box.checked) box.checked = false;
    }
    readForm();
  };

  if (!document.exists) {
    return (
      <FormAlert>
        {kind === "landing" ? "This event has no landing page yet." : "This event has no silent auction yet."}{" "}
        {canConfigure ? (
          <Link to={paths.setupModules(eventId)}>Switch it on under Setup → Modules</Link>
        ) : (
          "Ask an event admin to switch it on under Setup → Modules."
        )}
        .
      </FormAlert>
    );
  }

  const warnings = contrastWarnings({
    primary_color: String(tree.global?.primaryColor?.value ?? ""),
    accent_color: String(tree.global?.accentColor?.value ?? ""),
    secondary_color: String(tree.global?.secondaryAccentColor?.value ?? ""),
  });

  return (
    <div className="designer">
      <div className="designer__status" role="status">
        {document.draft ? (
          <p>
            <strong>Unpublished draft</strong> saved {when(document.draftSavedAt)}. Guests see the version published{" "}
            {when(document.publishedAt) ?? "before the designer was used"}.
          </p>
        ) : (
          <p>
            {document.publishedAt
              ? `Published ${when(document.publishedAt)}. No unpublished changes.`
              : "No unpublished changes."}
          </p>
        )}
        {document.draft && canPreview && draftHref ? (
          <a href={draftHref} target="_blank" rel="noreferrer">
            Preview the draft on the public page<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <div className="designer__layout">
        <Form
          method="post"
          encType="multipart/form-data"
          ref={formRef}
          className="designer__form"
          noValidate
          onChange={onFormChange}
          onInput={onFormChange}
        >
          {formErrorOf(refusal) ? <FormAlert>{formErrorOf(refusal)}</FormAlert> : null}
          {info.sections.map((section, index) => (
            <details
              key={section.key}
              className="designer__section"
              open={index === 0 || Object.keys(errors).some((e) => e.startsWith(`${section.key}.`))}
            >
              <summary>
                <span className="designer__section-title">{section.label}</span>
                {tree[section.key]?.isVisible?.value === false ? (
                  <span className="designer__hidden-badge">Hidden</span>
                ) : null}
              </summary>
              <fieldset>
                <legend className="visually-hidden">{section.label}</legend>
                <p className="field__help">{section.description}</p>
                {section.fields.map((field) => (
                  <SettingControl
                    key={field.key}
                    section={section}
                    field={field}
                    setting={tree[section.key]?.[field.key] ?? { value: "", useDefault: true }}
                    error={errors[fieldName(section.key, field.key)]?.[0]}
                    hydrated={hydrated}
                    onReorder={(move) => setTree((current) => moveSection(current, move))}
                  />
                ))}
              </fieldset>
            </details>
          ))}
          <ContrastWarning warnings={warnings} />
          <div className="designer__actions">
            <Button type="submit" name="intent" value={DESIGNER_INTENT.save} disabled={busyIntent !== null}>
              {busyIntent === DESIGNER_INTENT.save ? "Saving…" : "Save draft"}
            </Button>
            <Button
              type="submit"
              name="intent"
              value={DESIGNER_INTENT.publish}
              variant="primary"
              disabled={busyIntent !== null}
            >
              {busyIntent === DESIGNER_INTENT.publish ? "Publishing…" : "Publish"}
            </Button>
          </div>
        </Form>
        <aside className="designer__preview" aria-labelledby="designer-preview-heading">
          <h2 id="designer-preview-heading" className="section-heading">
            Preview
          </h2>
          <p className="field__help">
            The page as guests will see it with these settings
            {hydrated ? "; it follows your changes as you make them" : " (as saved)"}.
          </p>
          {/* A picture of the page: its links and buttons stay put, so a click never leaves the editor. */}
          <div
            className="designer__frame"
            role="region"
            aria-label="Preview of the page"
            // A region that scrolls is scrolled from the keyboard only when it can take the focus (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            onClickCapture={(event) => {
              if ((event.target as HTMLElement).closest("a")) event.preventDefault();
            }}
          >
            {renderPreview(tree)}
          </div>
        </aside>
      </div>
      {document.draft ? (
        <div className="designer__discard">
          <ConfirmDialog
            trigger="Discard the draft"
            triggerVariant="ghost"
            triggerSize="sm"
            title="Discard the draft?"
            description="Your unpublished changes are lost, and the editor shows the published page again."
            confirmLabel="Discard the draft"
            confirmVariant="danger"
            fields={{ intent: DESIGNER_INTENT.discard }}
          />
        </div>
      ) : null}
    </div>
  );
}

function SettingControl({
  section,
  field,
  setting,
  error,
  hydrated,
  onReorder,
}: {
  section: SectionForm;
  field: SettingField;
  setting: { value: unknown; useDefault: boolean };
  error?: string;
  hydrated: boolean;
  onReorder: (move: string) => void;
}) {
  const name = fieldName(section.key, field.key);
  // A theme colour or font left to its default follows the event's branding (Setup › Branding), and says so.
  const branded = section.key === "global" && isBrandedThemeSetting(field.key);
  const defaultLabel = branded ? "Use the event’s branding" : "Use default";
  const useDefault = hasDefaultToggle(field) ? (
    <label className="designer__use-default">
      <input type="checkbox" name={defaultToggleName(section.key, field.key)} defaultChecked={setting.useDefault} />{" "}
      {defaultLabel}
    </label>
  ) : null;
  const value = setting.value;
  const help = [
    field.help,
    hasDefaultToggle(field)
      ? branded
        ? `With “${defaultLabel}” on, the page follows Setup › Branding; choosing a value here turns it off.`
        : "With “Use default” on, the page follows the default; typing a value turns it off."
      : null,
  ]
    .filter(Boolean)
    .join(" ");
  let control: ReactNode;
  switch (field.kind) {
    case "toggle":
      control = (
        <label className="designer__toggle">
          <input type="checkbox" name={name} defaultChecked={value === true} /> {field.label}
        </label>
      );
      break;
    case "richText":
      control = (
        <RichTextEditor
          name={name}
          label={field.label}
          defaultValue={String(value ?? "")}
          error={error}
          help={help}
          toolbarLabel={`${field.label} formatting`}
        />
      );
      break;
    case "image":
      control = (
        <>
          <input type="hidden" name={name} value={String(value ?? "")} />
          <ImageField
            name={imageUploadName(section.key, field.key)}
            label={field.label}
            currentUrl={String(value ?? "") || null}
            error={error}
            help={help}
            alt={field.label}
          />
        </>
      );
      break;
    case "slides":
      control = <SlidesControl slides={(value as Array<{ image: string; caption?: string }>) ?? []} error={error} />;
      break;
    case "sectionOrder":
      control = <SectionOrderControl order={(value as string[]) ?? []} hydrated={hydrated} onReorder={onReorder} />;
      break;
    default:
      control = (
        <Field label={field.label} help={help || undefined} error={error}>
          {(props) => <PlainControl field={field} props={props} name={name} value={value} />}
        </Field>
      );
  }
  return (
    <div className="designer__setting">
      {control}
      {useDefault}
    </div>
  );
}

function PlainControl({
  field,
  props,
  name,
  value,
}: {
  field: SettingField;
  props: Record<string, unknown>;
  name: string;
  value: unknown;
}) {
  switch (field.kind) {
    case "colour":
      return <ColourInput props={props} name={name} value={String(value ?? "")} label={field.label} />;
    case "font":
      return (
        <select {...props} name={name} defaultValue={String(value ?? "")}>
          {FONT_CATALOGUE.some((f) => f.family === value) ? null : (
            <option value={String(value ?? "")}>{String(value ?? "")}</option>
          )}
          {FONT_CATALOGUE.map((font) => (
            <option
              key={font.family}
              value={font.family}
              style={{ fontFamily: `"${font.family}", ${fallbackStack(font.category)}` }}
            >
              {font.family}
            </option>
          ))}
        </select>
      );
    case "select":
    case "themeType":
      return (
        <select {...props} name={name} defaultValue={String(value ?? "")}>
          {field.options?.map(([option, label]) => (
            <option key={option} value={option}>
              {label}
            </option>
          ))}
        </select>
      );
    case "number":
      return (
        <input
          {...props}
          type="number"
          name={name}
          min={field.min}
          max={field.max}
          step={1}
          defaultValue={Number(value ?? 0)}
          inputMode="numeric"
        />
      );
    case "opacity":
      return (
        <input {...props} type="range" name={name} min={0} max={1} step={0.05} defaultValue={Number(value ?? 0)} />
      );
    case "textarea":
      return <textarea {...props} name={name} rows={4} defaultValue={String(value ?? "")} />;
    default:
      return <input {...props} type="text" name={name} defaultValue={String(value ?? "")} autoComplete="off" />;
  }
}

/** A colour as a picker and as text (for pasting a brand's hex code), kept in step. */
function ColourInput({
  props,
  name,
  value,
  label,
}: {
  props: Record<string, unknown>;
  name: string;
  value: string;
  label: string;
}) {
  const [text, setText] = useState(value);
  const valid = /^#[0-9a-f]{6}$/i.test(text);
  return (
    <div className="colour-input">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={valid ? text.toLowerCase() : "#000000"}
        onChange={(e) => setText(e.target.value)}
      />
      <input
        {...props}
        name={name}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
    </div>
  );
}

/**
 * The order of the landing page's sections. Each move is a submit button (the draft is saved with the section
 * moved), so it works without JavaScript; with it, the move happens in place and is saved with the draft.
 */
function SectionOrderControl({
  order,
  hydrated,
  onReorder,
}: {
  order: string[];
  hydrated: boolean;
  onReorder: (move: string) => void;
}) {
  const complete = completeSectionOrder(order, LANDING_SECTIONS);
  const name = fieldName("global", "sectionOrder");
  return (
    <fieldset className="designer__order">
      <legend className="field__label">Section order</legend>
      <ol>
        {complete.map((key, index) => {
          const label = LANDING_SECTION_LABELS[key];
          const move = (direction: "up" | "down") => (event: React.MouseEvent<HTMLButtonElement>) => {
            if (!hydrated) return;
            event.preventDefault();
            onReorder(`${key}:${direction}`);
            // Keep focus on a button that still exists where the section went.
            const target = event.currentTarget.closest("ol");
            requestAnimationFrame(() =>
              target
                ?.querySelector<HTMLButtonElement>(`[data-key="${key}"][data-direction="${direction}"]:not(:disabled)`)
                ?.focus(),
            );
          };
          return (
            <li key={key} className="designer__order-item">
              <input type="hidden" name={name} value={key} />
              <span>{label}</span>
              <span className="designer__order-buttons">
                <button
                  type="submit"
                  name="move"
                  value={`${key}:up`}
                  data-key={key}
                  data-direction="up"
                  disabled={index === 0}
                  className="button button--ghost button--sm"
                  onClick={move("up")}
                  aria-label={`Move ${label} up`}
                >
                  ↑
                </button>
                <button
                  type="submit"
                  name="move"
                  value={`${key}:down`}
                  data-key={key}
                  data-direction="down"
                  disabled={index === complete.length - 1}
                  className="button button--ghost button--sm"
                  onClick={move("down")}
                  aria-label={`Move ${label} down`}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/** The slides: each with its picture, caption and a remove box; new pictures are added with the file input. */
function SlidesControl({ slides, error }: { slides: Array<{ image: string; caption?: string }>; error?: string }) {
  return (
    <fieldset className="designer__slides">
      <legend className="field__label">Slides</legend>
      {slides.length === 0 ? <p className="field__help">No slides yet.</p> : null}
      <ol className="designer__slide-list">
        {slides.map((slide, index) => (
          <li key={`${slide.image}-${index}`} className="designer__slide">
            <input type="hidden" name={SLIDE_FIELDS.image} value={slide.image} />
            <ResponsiveImage
              image={slide.image}
              alt=""
              className="designer__slide-image"
              sizes="8rem"
              width={128}
              height={72}
            />
            <Field label={`Caption of slide ${index + 1}`}>
              {(props) => (
                <input {...props} name={SLIDE_FIELDS.caption} defaultValue={slide.caption ?? ""} autoComplete="off" />
              )}
            </Field>
            <label className="designer__toggle">
              <input type="checkbox" name={SLIDE_FIELDS.remove} value={String(index)} /> Remove slide {index + 1}
            </label>
          </li>
        ))}
      </ol>
      <Field
        label="Add pictures"
        help="Choose one or more pictures; they are added after the others when you save."
        error={error}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            name={SLIDE_FIELDS.upload}
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
          />
        )}
      </Field>
    </fieldset>
  );
}
