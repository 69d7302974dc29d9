/**
 * The census calls besides the page view (spec section 7): a button block
 * shown (button-render, with the spec's 2.5 s time-out) and clicked
 * (button-click), a form shown (form-render, with its formId and the
 * visitor's cookie), the popup overlay shown (overlay) and a product's quick
 * view opened (RecordQuickView/{id}). The last two come from islands,
 * through track-request.ts; the others are read off the page here.
 */
import type { Transport } from './beacon.ts';

export type CensusCall = 'button-click' | 'overlay' | 'quick-view';

/** Spec section 7's paths; the quick view names its product in the path, not the body. */
export function censusCallPath(call: CensusCall, fields: Record<string, string>): string {
  if (call === 'quick-view') return `/api/census/RecordQuickView/${encodeURIComponent(fields.itemId ?? '')}`;
  return `/api/census/${call}`;
}

export const BUTTON_RENDER_PATH = '/api/census/button-render';
export const FORM_RENDER_PATH = '/api/census/form-render';
/** Spec section 9. */
export const BUTTON_RENDER_TIMEOUT_MS = 2_500;

/** A button block's link (renderer/page-blocks/button-block.ts): the block is the one with data-block-type 53. */
const BUTTON_LINK = '.sqs-block[data-block-type="53"] a';

function buttonFields(link: HTMLAnchorElement): Record<string, string> {
  return {
    blockId: link.closest('.sqs-block')?.id ?? '',
    label: (link.textContent ?? '').trim().slice(0, 200),
    url: link.getAttribute('href') ?? '',
  };
}

/**
 * Counts the page's button blocks and forms as shown, and its button blocks'
 * clicks. button-render waits for its answer, unlike the beacons, so the
 * spec's time-out bounds how long the call may hold a connection.
 */
export function startBlockCensus(view: Window, send: Transport, visitorId: string | null): void {
  const doc = view.document;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>(BUTTON_LINK)) {
    const controller = new AbortController();
    const timer = view.setTimeout(() => controller.abort(), BUTTON_RENDER_TIMEOUT_MS);
    void view
      .fetch(BUTTON_RENDER_PATH, {
        method: 'POST',
        body: new URLSearchParams(buttonFields(link)),
        credentials: 'same-origin',
        signal: controller.signal,
      })
      .catch(() => undefined)
      .finally(() => view.clearTimeout(timer));
  }
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-form-id]')) {
    const body = new URLSearchParams({ formId: form.dataset.formId ?? '' });
    if (visitorId !== null) body.set('visitorCookie', visitorId);
    send(FORM_RENDER_PATH, body);
  }
  // A click usually leaves the page, so it goes as a beacon, heard before the link is followed.
  doc.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(BUTTON_LINK);
      if (link) send(censusCallPath('button-click', {}), new URLSearchParams(buttonFields(link)));
    },
    { capture: true },
  );
}
