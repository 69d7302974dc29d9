/**
 * hydrate/: the browser bundle. React islands take over the server's
 * markup (island-registry.ts says which element, by the spec's record and
 * block types), bundled by esbuild (bundle-islands.ts). It shares rules and
 * words with the server only through domain/ and shared/, importing the
 * modules it needs (not domain/index.ts, which would pull in big.js).
 *
 * This is the entry: mount every island once the document is parsed.
 */
import { mountIslands } from './mount.tsx';

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => mountIslands(), { once: true });
} else {
  mountIslands();
}
