/**
 * `npm run build:islands`: the size check. Prints the JavaScript a product
 * page loads (the entry and what it imports, React included), gzipped file
 * by file as the server sends them, and the chunks loaded only on demand.
 */
import { bundleIslands, gzippedSize } from './bundle-islands.ts';

const TARGET_KB = 70;
const bundle = await bundleIslands();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const initial = gzippedSize(bundle, bundle.initialFiles);
const lines = [
  `product page (${bundle.initialFiles.join(', ')}): ${kb(initial)} kB gzipped (target ${TARGET_KB} kB)`,
  ...[...bundle.files.keys()]
    .filter((name) => !bundle.initialFiles.includes(name))
    .map((name) => `on demand ${name}: ${kb(gzippedSize(bundle, [name]))} kB gzipped`),
];
process.stdout.write(`${lines.join('\n')}\n`);
if (initial > TARGET_KB * 1024) process.exitCode = 1;
