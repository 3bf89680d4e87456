/**
 * The editor for rich text (event description, company_about, item descriptions, …). Client-safe: no server
 * imports. Whatever it posts is sanitised by the action (sanitizeRichText), because a post can hold anything.
 */
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { allowedLinkUrl } from "../link-url";
import { LinkPanel } from "./link-panel";
import { Toolbar } from "./toolbar";

export { richTextLinks } from "../links";

export interface RichTextEditorProps {
  /** The form field the HTML is posted as. */
  name: string;
  label: ReactNode;
  /** Stored (sanitised) HTML to start from. */
  defaultValue?: string | null;
  /** The validation message for this field; when present the text area is marked invalid. */
  error?: string | null;
  /** Shown under the editor and read out with it. */
  help?: ReactNode;
  required?: boolean;
  /** Names the toolbar, e.g. "Description formatting"; defaults to "Formatting". */
  toolbarLabel?: string;
  /** Told the HTML after every change (a live preview beside the editor). */
  onChange?: (html: string) => void;
}

/**
 * A rich-text field. Before JavaScript runs (and without it) it is a textarea holding the HTML, so the form
 * still posts; once hydrated it becomes a Tiptap editor with a formatting toolbar, and a hidden input named
 * `name` carries the HTML, updated on every change, so a plain form post sends it.
 */
export function RichTextEditor({
  name,
  label,
  defaultValue,
  error,
  help,
  required,
  toolbarLabel,
  onChange,
}: RichTextEditorProps) {
  const id = useId();
  const ids = {
    label: `${id}-label`,
    control: `${id}-control`,
    help: `${id}-help`,
    error: `${id}-error`,
    source: `${id}-source`,
  };
  const describedBy = [help != null ? ids.help : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Null until hydrated: the server and the first client render both show the textarea, so they match.
  const [start, setStart] = useState<{ html: string; focus: boolean } | null>(null);

  useEffect(() => {
    // Carry over what was typed into the textarea before the page became interactive, and its focus.
    const textarea = textareaRef.current;
    setStart({
      html: textarea?.value ?? defaultValue ?? "",
      focus: textarea !== null && document.activeElement === textarea,
    });
    // Once only: a later defaultValue does not reset what the person is editing (as with an uncontrolled input).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const requiredMark = required ? (
    <span className="field__required" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;

  return (
    <div className={["field", "rich-text-field", error ? "field--invalid" : null].filter(Boolean).join(" ")}>
      {start === null ? (
        <>
          <label className="field__label" htmlFor={ids.control}>
            {label}
            {requiredMark}
          </label>
          <textarea
            ref={textareaRef}
            id={ids.control}
            name={name}
            className="field__control rich-text-field__source"
            defaultValue={defaultValue ?? ""}
            rows={8}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={[ids.source, describedBy].filter(Boolean).join(" ")}
          />
          <p id={ids.source} className="field__help">
            Formatting is written as HTML here, such as &lt;strong&gt;bold&lt;/strong&gt;.
          </p>
        </>
      ) : (
        <ClientEditor
          name={name}
          label={
            <>
              {label}
              {requiredMark}
            </>
          }
          ids={ids}
          describedBy={describedBy}
          invalid={Boolean(error)}
          required={required}
          toolbarLabel={toolbarLabel ?? "Formatting"}
          initialHtml={start.html}
          autofocus={start.focus}
          onChange={onChange}
        />
      )}
      {help != null ? (
        <p id={ids.help} className="field__help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Module-level so the editor's options compare equal between renders (Tiptap re-applies options that differ).
const EXTENSIONS = [
  StarterKit.configure({
    // h1 is the page's own title; the sanitiser keeps h2 to h4.
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      // Autolinked marks are "inclusive" in Tiptap (text typed after a link joins it), which surprises people.
      autolink: false,
      linkOnPaste: true,
      defaultProtocol: "https",
      isAllowedUri: (url) => allowedLinkUrl(url) !== null,
    },
  }),
];

interface ClientEditorProps {
  name: string;
  label: ReactNode;
  ids: { label: string; control: string };
  describedBy: string | undefined;
  invalid: boolean;
  required?: boolean;
  toolbarLabel: string;
  initialHtml: string;
  autofocus: boolean;
  onChange?: (html: string) => void;
}

/** The Tiptap editor: mounted only in the browser, after hydration. */
function ClientEditor({
  name,
  label,
  ids,
  describedBy,
  invalid,
  required,
  toolbarLabel,
  initialHtml,
  autofocus,
  onChange,
}: ClientEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  const [linkPanelOpen, setLinkPanelOpen] = useState(false);
  const linkPanelId = `${ids.control}-link`;
  const openLinkPanel = useRef(() => setLinkPanelOpen(true));

  const editorProps = useMemo(
    () => ({
      attributes: Object.fromEntries(
        Object.entries({
          id: ids.control,
          class: "rich-text rich-text-editor__content",
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": ids.label,
          "aria-describedby": describedBy,
          "aria-invalid": invalid ? "true" : undefined,
          "aria-required": required ? "true" : undefined,
        }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
          openLinkPanel.current();
          return true;
        }
        return false;
      },
    }),
    [ids.control, ids.label, describedBy, invalid, required],
  );

  const editor = useEditor({
    // Tiptap's advice for server rendering is immediatelyRender: false. This component never renders on the
    // server (the textarea stands in until hydration), so the editor can be created at once, with no blank frame.
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: EXTENSIONS,
    content: initialHtml,
    autofocus: autofocus ? "end" : false,
    editorProps,
    onUpdate: ({ editor }) => {
      const next = editor.getHTML();
      setHtml(next);
      onChange?.(next);
    },
  });

  function closeLinkPanel() {
    setLinkPanelOpen(false);
    editor.commands.focus();
  }

  return (
    <>
      {/* Not a <label>: labels point at form controls, and the text area is a contenteditable element. A click on
          it focuses the editor as a label's would; the keyboard reaches the editor itself with Tab. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <span id={ids.label} className="field__label" onClick={() => editor.commands.focus()}>
        {label}
      </span>
      <div className="rich-text-editor">
        <Toolbar
          editor={editor}
          label={toolbarLabel}
          controls={ids.control}
          linkPanelOpen={linkPanelOpen}
          linkPanelId={linkPanelId}
          onLink={() => setLinkPanelOpen((open) => !open)}
        />
        {linkPanelOpen ? <LinkPanel id={linkPanelId} editor={editor} onClose={closeLinkPanel} /> : null}
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
    </>
  );
}
