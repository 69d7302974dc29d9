/**
 * The rich-text editor itself: TipTap (ProseMirror) with its starter kit,
 * limited to what the server's sanitizer keeps (api/services/rich-text-sanitizer.ts):
 * paragraphs, headings 2 to 4, bold, italic, underline, strike, links,
 * lists, quotes, code and rules. Loaded as a chunk of its own the first
 * time a text field opens (rich-text-field.tsx), so the rest of the admin
 * app does not carry it.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export interface TipTapEditorProps {
  value: string;
  onChange(html: string): void;
  labelId: string;
  disabled?: boolean;
}

export default function TipTapEditor({ value, onChange, labelId, disabled }: TipTapEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-text__content',
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  // A value from outside (a restored version, another item opened) replaces what the editor holds.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tools: { label: string; pressed: boolean | undefined; run(): void }[] = [
    { label: 'Bold', pressed: active?.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', pressed: active?.italic, run: () => chain().toggleItalic().run() },
    { label: 'Heading', pressed: active?.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Bulleted list', pressed: active?.bullets, run: () => chain().toggleBulletList().run() },
    { label: 'Numbered list', pressed: active?.numbers, run: () => chain().toggleOrderedList().run() },
    { label: 'Quote', pressed: active?.quote, run: () => chain().toggleBlockquote().run() },
    {
      label: 'Link',
      pressed: active?.link,
      run: () => {
        if (editor.isActive('link')) {
          chain().unsetLink().run();
          return;
        }
        const href = window.prompt('Link address (a page such as /shop, or https://…)');
        if (href) chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
  ];
  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label="Text formatting" aria-controls={labelId}>
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="button"
            aria-pressed={tool.pressed ?? false}
            disabled={disabled}
            onClick={tool.run}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
