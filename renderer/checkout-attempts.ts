/**
 * A checkout form that placed no order, kept for the page the browser is
 * sent to next (post/redirect/get): the visitor sees the problems and their
 * own values, and Back or reload never asks to send the form again.
 * Attempts live in the shared store, so any server process can show them,
 * under an unguessable id, and only to the visitor who sent the form.
 */
import { randomBytes } from 'node:crypto';
import type { SharedStore } from '../api/state/shared-store.ts';
import type { CheckoutFormState } from './page-context/checkout-json.ts';

/** Long enough to fix a typo after a coffee; short enough that a buyer's address does not linger. */
const ATTEMPT_TTL_MS = 15 * 60_000;
const ATTEMPT_ID = /^[0-9a-f]{32}$/;

interface StoredAttempt {
  /** The sender's crumb cookie ('' without cookies): another visitor holding the URL sees nothing. */
  owner: string;
  form: CheckoutFormState;
}

const keyOf = (id: string) => `checkout-attempt:${id}`;

/** Keeps the attempt and returns its id for the checkout page's URL. */
export async function saveCheckoutAttempt(store: SharedStore, owner: string, form: CheckoutFormState): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const stored: StoredAttempt = { owner, form };
  await store.put(keyOf(id), JSON.stringify(stored), ATTEMPT_TTL_MS);
  return id;
}

/** The attempt behind an id, when it is still kept and this visitor sent it. */
export async function loadCheckoutAttempt(
  store: SharedStore,
  id: string | null,
  owner: string,
): Promise<CheckoutFormState | undefined> {
  if (!id || !ATTEMPT_ID.test(id)) return undefined;
  const raw = await store.get(keyOf(id));
  if (raw === undefined) return undefined;
  const stored = JSON.parse(raw) as StoredAttempt;
  return stored.owner === owner ? stored.form : undefined;
}
