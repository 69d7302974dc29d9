/**
 * A labelled rich-text field. The editor (TipTap, tiptap-editor.tsx) is a
 * chunk of its own, loaded the first time a text field is shown; until it
 * has arrived the field says so. The HTML it produces is sanitized again by
 * the server, whatever the editor allowed.
 */
import { lazy, Suspense, useId } from 'react';

const TipTapEditor = lazy(() => import('./tiptap-editor.tsx'));

interface Props {
  label: string;
  value: string;
  onChange(html: string): void;
  problem?: string;
  disabled?: boolean;
}

export function RichTextField({ label, value, onChange, problem, disabled }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <Suspense fallback={<p className="note">Loading the text editor…</p>}>
        <TipTapEditor value={value} onChange={onChange} labelId={labelId} disabled={disabled} />
      </Suspense>
      {problem ? <p className="field__problem">{problem}</p> : null}
    </div>
  );
}
