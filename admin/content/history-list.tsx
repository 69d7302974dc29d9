/**
 * A collection's or an item's saved versions, newest first, each with who
 * saved it and what changed; any but the current one can be restored, which
 * saves it again as the newest version (so a restore can be undone too).
 */
import { useEffect, useState } from 'react';
import { contentApi } from './content-api.ts';

interface Props {
  kind: 'collection' | 'item';
  id: string;
  /** The revision the editor holds: the list is read again when it changes. */
  current: number;
  canWrite: boolean;
  onRestored(answer: Awaited<ReturnType<typeof contentApi.restore>>): void;
  onError(message: string): void;
}

type History = Awaited<ReturnType<typeof contentApi.history>>;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function HistoryList({ kind, id, current, canWrite, onRestored, onError }: Props) {
  const [history, setHistory] = useState<History | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current revision means a new entry to list.
  useEffect(() => {
    contentApi
      .history(kind, id)
      .then(setHistory)
      .catch((error: Error) => onError(error.message));
  }, [kind, id, current, onError]);
  if (!history) return null;
  return (
    <section className="history" aria-labelledby={`history-${id}`}>
      <h2 id={`history-${id}`}>History</h2>
      {history.revisions.length === 0 ? <p>No saved versions yet.</p> : null}
      <ol className="history__list">
        {history.revisions.map((entry) => (
          <li key={entry.revision}>
            <span>
              Version {entry.revision}: {entry.note || 'Saved'}, {when(entry.savedOn)}
              {entry.savedBy ? ` by ${entry.savedBy}` : ''}
              {entry.revision === history.current ? ' (current)' : ''}
            </span>
            {canWrite && entry.revision !== history.current ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  contentApi
                    .restore(kind, id, current, entry.revision)
                    .then(onRestored)
                    .catch((error: Error) => onError(error.message));
                }}
              >
                Restore version {entry.revision}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
