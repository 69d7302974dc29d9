/** The browser bundle's entry: mount every island once the document is parsed. */
import { mountIslands } from './mount.tsx';

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => mountIslands(), { once: true });
} else {
  mountIslands();
}
