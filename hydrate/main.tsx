/**
 * hydrate/: the browser bundle. React islands take over the server's
 * markup (island-registry.ts says which element, by the spec's record and
 * block types), bundled by esbuild (bundle-islands.ts). It shares rules and
 * words with the server only through domain/ and shared/, importing the
 * modules it needs (not domain/index.ts, which would pull in big.js).
 *
 * This is the entry: mount every island once the document is parsed.
 */
import { pageErrorReporter } from './analytics/page-error-reporter.ts';
import { mountIslands } from './mount.tsx';

const reporter = pageErrorReporter();

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => mountIslands(document, { reporter }), { once: true });
} else {
  mountIslands(document, { reporter });
}

// Analytics load once the page is interactive and idle, as a chunk of their own.
const startAnalytics = () =>
  void import('./analytics/start-analytics.ts').then((analytics) => analytics.startAnalytics(window));
const whenIdle = () =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(startAnalytics, { timeout: 1_000 })
    : setTimeout(startAnalytics, 1);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
