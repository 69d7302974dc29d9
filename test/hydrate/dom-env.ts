/** A happy-dom window installed as the globals React and the islands use, plus a fetch stub. */

import { Window } from 'happy-dom';
import { act } from 'react';
import { type MountedIslands, type MountOptions, mountIslands } from '../../hydrate/mount.tsx';

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FetchReply = { status: number; body: unknown } | Error;

export interface DomEnv {
  window: Window;
  document: Document;
  calls: FetchCall[];
  /** Replies for the next calls, in order; a call with none left gets an empty cart. */
  replies: FetchReply[];
  mount(options?: MountOptions): Promise<MountedIslands>;
  /** Dispatches `cart:updated` with this cart, inside act. */
  announce(cart: unknown): Promise<void>;
  close(): Promise<void>;
}

const GLOBALS = [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLSelectElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'KeyboardEvent',
  'MouseEvent',
  'getComputedStyle',
] as const;

export const EMPTY_CART = { totalQuantity: 0, subtotalCents: '0', currency: 'USD', entries: [] };

export function cartWith(totalQuantity: number, subtotalCents = String(totalQuantity * 1250)) {
  return { totalQuantity, subtotalCents, currency: 'USD', entries: [] };
}

export async function createDomEnv(
  html: string,
  cookie = 'crumb=0123456789abcdef0123456789abcdef',
  url = 'https://shop.example/products/mug',
): Promise<DomEnv> {
  const window = new Window({ url });
  const document = window.document as unknown as Document;
  document.write(`<!doctype html><html lang="en-US"><body>${html}</body></html>`);
  document.cookie = cookie;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const g = globalThis as Record<string, unknown>;
  for (const name of GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    const value = name === 'window' ? window : (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, {
      value: typeof value === 'function' && name === 'getComputedStyle' ? value.bind(window) : value,
      configurable: true,
      writable: true,
    });
  }
  saved.set('fetch', Object.getOwnPropertyDescriptor(globalThis, 'fetch'));
  g.IS_REACT_ACT_ENVIRONMENT = true;

  const calls: FetchCall[] = [];
  const replies: FetchReply[] = [];
  g.fetch = async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const reply = replies.shift() ?? { status: 200, body: EMPTY_CART };
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  let mounted: MountedIslands | undefined;
  return {
    window,
    document,
    calls,
    replies,
    async mount(options) {
      await act(async () => {
        mounted = mountIslands(document, options);
      });
      await settle();
      return mounted!;
    },
    async announce(cart) {
      await act(async () => {
        window.dispatchEvent(new window.CustomEvent('cart:updated', { detail: cart as object }));
      });
    },
    async close() {
      if (mounted) await act(async () => mounted!.unmount());
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete g[name];
      }
      await window.happyDOM.abort();
      window.close();
    },
  };
}

/** Lets pending fetches, effects and timers of `ms` run inside act. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Settles until `ready` holds, at most `timeoutMs`: for what waits on more than one round of
 * promises and timers (a lazy island's chunk, then its fetch), which a busy machine spreads out.
 */
export async function settleUntil(ready: () => unknown, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready() && Date.now() < deadline) await settle(5);
}
