/**
 * A donate form that took no money (a problem, a declined card), kept for
 * the donate page the browser is sent to next (post/redirect/get), as
 * checkout-attempts.ts keeps the checkout's: in the shared store, under an
 * unguessable id, for the visitor who sent it only, for a quarter hour.
 */
import { randomBytes } from 'node:crypto';
import type { SharedStore } from '../api/state/shared-store.ts';
import type { DonationFormState } from './page-context/donation-json.ts';

const ATTEMPT_TTL_MS = 15 * 60_000;
const ATTEMPT_ID = /^[0-9a-f]{32}$/;

interface StoredAttempt {
  /** The sender's crumb cookie ('' without cookies): another visitor holding the URL sees nothing. */
  owner: string;
  form: DonationFormState;
}

const keyOf = (id: string) => `donation-attempt:${id}`;

export async function saveDonationAttempt(store: SharedStore, owner: string, form: DonationFormState): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const stored: StoredAttempt = { owner, form };
  await store.put(keyOf(id), JSON.stringify(stored), ATTEMPT_TTL_MS);
  return id;
}

export async function loadDonationAttempt(
  store: SharedStore,
  id: string | null,
  owner: string,
): Promise<DonationFormState | undefined> {
  if (!id || !ATTEMPT_ID.test(id)) return undefined;
  const raw = await store.get(keyOf(id));
  if (raw === undefined) return undefined;
  const stored = JSON.parse(raw) as StoredAttempt;
  return stored.owner === owner ? stored.form : undefined;
}

/** The donate page of the cause, showing the attempt. */
export function donationAttemptUrl(pageUrlId: string, causeKey: string, attempt: string): string {
  return `/donate/${encodeURIComponent(pageUrlId)}?${new URLSearchParams({ cause: causeKey, attempt })}`;
}
