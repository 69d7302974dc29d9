/**
 * The page's one error reporter: the window's uncaught errors and the
 * islands' error boundaries report through it. In the entry chunk (small),
 * so that errors before the analytics chunk loads are not lost.
 */
import { writeHeaders } from '../api-client.ts';
import { ErrorReporter, RECORD_ERRORS_PATH } from './error-reporter.ts';

let reporter: ErrorReporter | undefined;

export function pageErrorReporter(view: Window = window): ErrorReporter {
  if (reporter) return reporter;
  const created = new ErrorReporter(
    (reports) =>
      void view
        .fetch(RECORD_ERRORS_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...writeHeaders() },
          body: JSON.stringify(reports),
          credentials: 'same-origin',
          keepalive: true,
        })
        .catch(() => undefined),
    () => view.location.href,
  );
  created.listen(view);
  view.addEventListener('pagehide', () => created.flush());
  reporter = created;
  return created;
}
