/**
 * Sends an analytics call that must survive the page going away: the
 * browser's beacon when it has one (and takes the call), else a fetch kept
 * alive. Nothing waits on the answer: a lost beacon is a lost count.
 */
export type Transport = (url: string, body: URLSearchParams | Blob) => void;

export function browserTransport(view: Window): Transport {
  return (url, body) => {
    if (typeof view.navigator.sendBeacon === 'function' && view.navigator.sendBeacon(url, body)) return;
    void view.fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  };
}

export const jsonBody = (value: unknown): Blob => new Blob([JSON.stringify(value)], { type: 'application/json' });
