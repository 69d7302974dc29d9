/**
 * The editors' live preview: the draft goes to the preview route a moment
 * after the owner stops typing (debounced), which renders it through the
 * site's own template package, and the HTML is shown in a frame at desktop
 * or phone width. The frame runs no script (sandbox without allow-scripts):
 * it shows the page as the server draws it. Template errors are listed
 * with their file:line:col, as development mode shows them on the page.
 */
import { useEffect, useRef, useState } from 'react';
import { type PreviewInput, previewSchema } from '../../shared/content-schemas.ts';
import { contentApi, type PreviewAnswer } from './content-api.ts';

/** How long after the last change the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * Spec section 3's device views, at the widths the browser tests use: the
 * page is laid out at that width and the frame scaled down to fit the panel,
 * so the desktop preview shows the desktop layout, not a narrow one.
 */
const WIDTHS = { desktop: 1280, phone: 390 } as const;
const FRAME_HEIGHT = 900;

/** `refresh`: a number that changes when what is saved changed, so the same draft is shown again. */
export function LivePreview({
  input,
  refresh = 0,
  complete = true,
}: {
  input: PreviewInput | null;
  refresh?: number;
  /** The editor's own check of what the preview schema leaves open (an item's fields). */
  complete?: boolean;
}) {
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const [shown, setShown] = useState(0);
  const asked = useRef(0);
  const stage = useRef<HTMLDivElement>(null);
  const [stageWidth, setStageWidth] = useState(0);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setStageWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = WIDTHS[device];
  const scale = stageWidth > 0 ? Math.min(1, stageWidth / width) : 1;
  const key = input === null ? '' : `${refresh}|${complete}|${JSON.stringify(input)}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's JSON is what decides whether to ask again.
  useEffect(() => {
    if (input === null) return;
    // A draft the route would refuse (a block's required field, a post's title still empty) is not sent:
    // the last preview stays, and the editor's own fields say what is missing.
    const sendable = complete && previewSchema.safeParse(input).success;
    setIncomplete(!sendable);
    if (!sendable) return;
    setUpdating(true);
    const timer = window.setTimeout(() => {
      const ticket = ++asked.current;
      contentApi
        .preview(input)
        .then((next) => {
          if (ticket !== asked.current) return;
          setAnswer(next);
          setError(null);
          setShown((n) => n + 1);
        })
        .catch((failure: Error) => {
          if (ticket === asked.current) setError(failure.message);
        })
        .finally(() => {
          if (ticket === asked.current) setUpdating(false);
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);

  return (
    <section className="preview" aria-labelledby="preview-heading">
      <div className="preview__bar">
        <h2 id="preview-heading">Preview</h2>
        <fieldset className="preview__devices">
          <legend className="visually-hidden">Preview width</legend>
          {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((name) => (
            <button
              key={name}
              type="button"
              className="button"
              aria-pressed={device === name}
              onClick={() => setDevice(name)}
            >
              {name === 'desktop' ? 'Desktop' : 'Phone'}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="status" role="status">
        {incomplete
          ? 'The preview updates once the draft is complete.'
          : updating
            ? 'Updating the preview…'
            : answer
              ? `Showing ${answer.path} as it would look.`
              : ''}
      </p>
      {error ? (
        <p className="status status--error" role="alert">
          The preview could not be updated: {error}
        </p>
      ) : null}
      {answer && answer.problems.length > 0 ? (
        <div className="preview__problems" role="alert">
          <h3>Template errors</h3>
          <ul>
            {answer.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same problem may be reported twice.
              <li key={index}>
                <code>{problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file}</code>{' '}
                {problem.message}
                {problem.snippet ? <pre>{problem.snippet}</pre> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="preview__stage" ref={stage} style={{ height: `${Math.ceil(FRAME_HEIGHT * scale)}px` }}>
        <iframe
          title="Preview of the page"
          sandbox="allow-same-origin"
          srcDoc={answer?.html ?? ''}
          style={{ width: `${width}px`, height: `${FRAME_HEIGHT}px`, transform: `scale(${scale})` }}
          data-preview-count={shown}
          data-device={device}
        />
      </div>
    </section>
  );
}
