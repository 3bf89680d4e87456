import { useEditorState, type Editor } from "@tiptap/react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  BoldIcon,
  BulletListIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  NumberedListIcon,
  QuoteIcon,
  RedoIcon,
  UndoIcon,
  UnlinkIcon,
} from "./toolbar-icons";

/** What the buttons show: which marks and blocks the selection has, and whether there is anything to undo. */
function selectToolbarState({ editor }: { editor: Editor }) {
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    blockquote: editor.isActive("blockquote"),
    link: editor.isActive("link"),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

type ToolbarState = ReturnType<typeof selectToolbarState>;

interface ToolbarButton {
  label: string;
  /** Shown as the tooltip and announced through aria-keyshortcuts; StarterKit provides the shortcuts. */
  shortcut?: { title: string; aria: string };
  icon: ReactNode;
  /** Toggle buttons report their state with aria-pressed; plain actions (undo) have none. */
  pressed?: (state: ToolbarState) => boolean;
  disabled?: (state: ToolbarState) => boolean;
  run: (editor: Editor) => void;
}

const BUTTONS: ToolbarButton[] = [
  {
    label: "Bold",
    shortcut: { title: "Ctrl+B", aria: "Control+B Meta+B" },
    icon: <BoldIcon />,
    pressed: (s) => s.bold,
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "Italic",
    shortcut: { title: "Ctrl+I", aria: "Control+I Meta+I" },
    icon: <ItalicIcon />,
    pressed: (s) => s.italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "Heading 2",
    shortcut: { title: "Ctrl+Alt+2", aria: "Control+Alt+2 Meta+Alt+2" },
    icon: <Heading2Icon />,
    pressed: (s) => s.h2,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "Heading 3",
    shortcut: { title: "Ctrl+Alt+3", aria: "Control+Alt+3 Meta+Alt+3" },
    icon: <Heading3Icon />,
    pressed: (s) => s.h3,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "Bulleted list",
    shortcut: { title: "Ctrl+Shift+8", aria: "Control+Shift+8 Meta+Shift+8" },
    icon: <BulletListIcon />,
    pressed: (s) => s.bulletList,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Numbered list",
    shortcut: { title: "Ctrl+Shift+7", aria: "Control+Shift+7 Meta+Shift+7" },
    icon: <NumberedListIcon />,
    pressed: (s) => s.orderedList,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Quote",
    shortcut: { title: "Ctrl+Shift+B", aria: "Control+Shift+B Meta+Shift+B" },
    icon: <QuoteIcon />,
    pressed: (s) => s.blockquote,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

const HISTORY: ToolbarButton[] = [
  {
    label: "Undo",
    shortcut: { title: "Ctrl+Z", aria: "Control+Z Meta+Z" },
    icon: <UndoIcon />,
    disabled: (s) => !s.canUndo,
    run: (e) => e.chain().focus().undo().run(),
  },
  {
    label: "Redo",
    shortcut: { title: "Ctrl+Shift+Z", aria: "Control+Shift+Z Meta+Shift+Z" },
    icon: <RedoIcon />,
    disabled: (s) => !s.canRedo,
    run: (e) => e.chain().focus().redo().run(),
  },
];

export interface ToolbarProps {
  editor: Editor;
  /** Names the toolbar after its field, e.g. "Description formatting". */
  label: string;
  /** The editable area's id. */
  controls: string;
  linkPanelOpen: boolean;
  linkPanelId: string;
  onLink: () => void;
}

/**
 * The formatting buttons, as an ARIA toolbar: one Tab stop, arrow keys (and Home, End) move between buttons, so
 * keyboard users reach the text in one Tab rather than twelve.
 */
export function Toolbar({ editor, label, controls, linkPanelOpen, linkPanelId, onLink }: ToolbarProps) {
  const state = useEditorState({ editor, selector: selectToolbarState });
  const buttons: ToolbarButton[] = [
    ...BUTTONS,
    {
      label: "Link",
      shortcut: { title: "Ctrl+K", aria: "Control+K Meta+K" },
      icon: <LinkIcon />,
      pressed: (s) => s.link,
      run: onLink,
    },
    {
      label: "Remove link",
      icon: <UnlinkIcon />,
      disabled: (s) => !s.link,
      run: (e) => e.chain().focus().extendMarkRange("link").unsetLink().run(),
    },
    ...HISTORY,
  ];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const [current, setCurrent] = useState(0);
  const enabled = buttons.flatMap((button, index) => (button.disabled?.(state) ? [] : [index]));
  const tabStop = enabled.includes(current) ? current : (enabled[0] ?? 0);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const position = enabled.indexOf(tabStop);
    const next = {
      ArrowRight: enabled[(position + 1) % enabled.length],
      ArrowLeft: enabled[(position - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="rich-text-editor__toolbar"
      onKeyDown={onKeyDown}
    >
      {buttons.map((button, index) => {
        const isLink = button.label === "Link";
        return (
          <button
            key={button.label}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            className="rich-text-editor__button"
            tabIndex={index === tabStop ? 0 : -1}
            aria-label={button.label}
            title={button.shortcut ? `${button.label} (${button.shortcut.title})` : button.label}
            aria-keyshortcuts={button.shortcut?.aria}
            aria-pressed={button.pressed ? button.pressed(state) : undefined}
            aria-expanded={isLink ? linkPanelOpen : undefined}
            aria-controls={isLink && linkPanelOpen ? linkPanelId : undefined}
            disabled={button.disabled?.(state)}
            onFocus={() => setCurrent(index)}
            // Keeps the selection in the text while the mouse is down, so the command applies to it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => button.run(editor)}
          >
            {button.icon}
          </button>
        );
      })}
    </div>
  );
}
