/**
 * The like button (templates/default/blocks/like-button.block): a toggle
 * button with aria-pressed and the item's count, counted once per visitor
 * by the server. The page is the same for every visitor, so whether this
 * one has liked is asked once the button is on screen; until the answer
 * comes the server's count shows and a press waits for it.
 */
import { useEffect, useRef, useState } from 'react';
import { ClientApiError } from '../api-client.ts';
import type { IslandProps } from '../island-types.ts';
import { type LikeState, readLike, setLike } from '../likes/like-calls.ts';

function messageOf(error: unknown): string {
  return error instanceof ClientApiError ? error.message : 'Something went wrong';
}

export function LikeButton({ element }: IslandProps) {
  const itemId = element.dataset.itemId ?? '';
  const serverCount = Number.parseInt(element.dataset.likeCount ?? '', 10);
  const [state, setState] = useState<LikeState>({
    likeCount: Number.isSafeInteger(serverCount) && serverCount >= 0 ? serverCount : 0,
    liked: false,
  });
  const [known, setKnown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    readLike(itemId)
      .then((answer) => {
        if (!alive.current) return;
        setState(answer);
        setKnown(true);
      })
      // Without the visitor's state the button still counts: the server's answer to a press is the truth.
      .catch(() => alive.current && setKnown(true));
    return () => {
      alive.current = false;
    };
  }, [itemId]);

  async function toggle() {
    if (busy || !known) return;
    setBusy(true);
    setError('');
    try {
      const answer = await setLike(itemId, !state.liked);
      if (alive.current) setState(answer);
    } catch (failure) {
      if (alive.current) setError(messageOf(failure));
    } finally {
      if (alive.current) setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="like-button"
        aria-pressed={state.liked}
        aria-disabled={busy || !known ? true : undefined}
        data-like-state={known ? 'ready' : 'loading'}
        onClick={() => void toggle()}
      >
        <svg
          className="like-button__icon"
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          width="20"
          height="20"
        >
          <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z" />
        </svg>
        <span className="like-button__label">Like</span>
        <span className="like-button__count">{state.likeCount}</span>
        <span className="visually-hidden">{state.likeCount === 1 ? ' like' : ' likes'}</span>
      </button>
      <span className="like-button__error" role="status">
        {error}
      </span>
    </>
  );
}
