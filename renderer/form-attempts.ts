/**
 * What became of a site form posted without script, kept for the page the
 * browser is sent to next (post/redirect/get): the success text, or the
 * problems with the visitor's own answers. Like checkout-attempts.ts, it
 * lives in the shared store under an unguessable id, for the visitor who
 * sent the form only, so Back and reload never send the form again.
 */
import { randomBytes } from 'node:crypto';
import type { SharedStore } from '../api/state/shared-store.ts';

/** Long enough to read the answer and fix a field; short enough that a message does not linger. */
const ATTEMPT_TTL_MS = 15 * 60_000;
const ATTEMPT_ID = /^[0-9a-f]{32}$/;

/** The query parameter naming an attempt on the form's page. */
export const FORM_ATTEMPT_PARAM = 'formAttempt';

export type FormAttempt =
  | { formId: string; submitted: true }
  | {
      formId: string;
      submitted: false;
      /** The form's one message: the invalid notice, the captcha's or the crumb's. */
      message: string;
      /** Field id → the spec's message. */
      errors: Record<string, string>;
      /** Field id → what the visitor sent, shown again in the fields. */
      answers: Record<string, unknown>;
    };

interface StoredAttempt {
  /** The sender's crumb cookie ('' without cookies): another visitor holding the URL sees nothing. */
  owner: string;
  attempt: FormAttempt;
}

const keyOf = (id: string) => `form-attempt:${id}`;

/** Keeps the attempt and returns its id for the page's URL. */
export async function saveFormAttempt(store: SharedStore, owner: string, attempt: FormAttempt): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const stored: StoredAttempt = { owner, attempt };
  await store.put(keyOf(id), JSON.stringify(stored), ATTEMPT_TTL_MS);
  return id;
}

/** The attempt behind an id, when it is still kept and this visitor sent it. */
export async function loadFormAttempt(
  store: SharedStore,
  id: string | null,
  owner: string,
): Promise<FormAttempt | undefined> {
  if (!id || !ATTEMPT_ID.test(id)) return undefined;
  const raw = await store.get(keyOf(id));
  if (raw === undefined) return undefined;
  const stored = JSON.parse(raw) as StoredAttempt;
  return stored.owner === owner ? stored.attempt : undefined;
}

/** The page the form was on, its own query kept (hidden fields read it), naming the attempt. */
export function formAttemptUrl(pageUrl: string, attemptId: string, anchor: string | undefined): string {
  const url = new URL(pageUrl, 'http://localhost');
  url.searchParams.set(FORM_ATTEMPT_PARAM, attemptId);
  return `${url.pathname}${url.search}${anchor ? `#${anchor}` : ''}`;
}
