/** A panel of the admin app: its heading (focused after a navigation) and a status line for what happened. */
import { type ReactNode, useEffect, useRef } from 'react';
import { focusHeadingAfterNavigation } from './router.tsx';

export function Panel({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Site administration`;
    focusHeadingAfterNavigation(heading.current);
  }, [title]);
  return (
    <section className="panel" aria-labelledby="panel-heading">
      <h1 id="panel-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="panel__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** What a save or a load said: polite for success, an alert for failure. */
export function Status({ status }: { status: { kind: 'ok' | 'error'; message: string } | null }) {
  return (
    <p
      className={`status ${status ? `status--${status.kind}` : ''}`}
      role={status?.kind === 'error' ? 'alert' : 'status'}
    >
      {status?.message ?? ''}
    </p>
  );
}

/** Said on a panel the signed-in role may see but not change. */
export function ReadOnlyNote() {
  return <p className="note">Your role can view these settings but not change them.</p>;
}
