import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "~/ui/button";
import { linkUrlFromInput } from "../link-url";
import type { Editor } from "@tiptap/react";

export interface LinkPanelProps {
  id: string;
  editor: Editor;
  /** Closes the panel; focus goes back to the text. */
  onClose: () => void;
}

/**
 * Asks for a link's address beside the toolbar. Not a <form>: it sits inside the page's form, and forms cannot
 * nest, so Enter applies the link here instead of posting the page. The input has no name, so it is not posted.
 */
export function LinkPanel({ id, editor, onClose }: LinkPanelProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function apply() {
    const href = linkUrlFromInput(address);
    if (!href) {
      setError("Enter a web address such as https://example.org, or an email address.");
      inputRef.current?.focus();
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      // Nothing selected: the address itself becomes the linked text.
      const text = address.trim();
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    }
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  }

  return (
    <div id={id} role="group" aria-label="Link" className="rich-text-editor__link-panel">
      <label htmlFor={inputId} className="rich-text-editor__link-label">
        Link address
      </label>
      <div className="rich-text-editor__link-row">
        <input
          ref={inputRef}
          id={inputId}
          // Not type="url": the browser would check it when the page's form is posted, and block the post.
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.org or name@example.org"
          className="field__control"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button size="sm" variant="primary" onClick={apply}>
          Apply link
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
