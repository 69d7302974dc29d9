/**
 * `npm run build:islands`: the size check. Prints the JavaScript a product
 * page loads (the islands bundle, React included), raw and gzipped.
 */
import { bundleIslands } from './bundle-islands.ts';

const bundle = await bundleIslands();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
process.stdout.write(
  `islands.js (everything a product page loads): ${kb(bundle.code.length)} kB, ${kb(bundle.gzippedBytes)} kB gzipped (target 70 kB), v=${bundle.hash}\n`,
);
