/**
 * Bundles the islands (hydrate/main.tsx) in memory: minified ESM with
 * React's production build. The renderer serves the result at /islands.js;
 * `npm run build:islands` prints its size.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface IslandsBundle {
  code: Uint8Array;
  /** First 12 hex digits of the code's sha256, for the script tag's ?v=. */
  hash: string;
  gzippedBytes: number;
}

let bundled: Promise<IslandsBundle> | undefined;

/** The bundle, built once per process. */
export function bundleIslands(): Promise<IslandsBundle> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./main.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  }).then((result) => {
    const code = result.outputFiles[0]!.contents;
    return {
      code,
      hash: createHash('sha256').update(code).digest('hex').slice(0, 12),
      gzippedBytes: gzipSync(code, { level: 9 }).length,
    };
  });
  return bundled;
}
