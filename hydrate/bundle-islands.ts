/**
 * Bundles the islands (hydrate/main.tsx) in memory: minified ESM with
 * React's production build, split so that an island only some pages have
 * (the full-page cart) is a chunk of its own that only those pages fetch.
 * The renderer serves the files under /islands/; `npm run build:islands`
 * prints what a product page loads.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface IslandsBundle {
  /** Every output file by name; names carry a content hash, so they never change meaning. */
  files: ReadonlyMap<string, Uint8Array>;
  /** The entry's file name: the page's one script tag points at it. */
  entry: string;
  /** The entry and the chunks it imports statically: what any page loads before a lazy island asks for more. */
  initialFiles: readonly string[];
}

let bundled: Promise<IslandsBundle> | undefined;

/** The bundle, built once per process. */
export function bundleIslands(): Promise<IslandsBundle> {
  bundled ??= build({
    entryPoints: { main: fileURLToPath(new URL('./main.tsx', import.meta.url)) },
    bundle: true,
    splitting: true,
    write: false,
    outdir: 'islands',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  }).then((result) => {
    const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    const files = new Map(result.outputFiles.map((file) => [name(file.path), file.contents]));
    const outputs = result.metafile.outputs;
    // Lazily imported modules are entry points of their own chunks too: the page's entry is main.tsx's.
    const entryPath = Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith('hydrate/main.tsx'))!;
    const initial = new Set<string>();
    const visit = (path: string) => {
      if (initial.has(path)) return;
      initial.add(path);
      for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement') visit(imported.path);
    };
    visit(entryPath);
    return { files, entry: name(entryPath), initialFiles: [...initial].map(name) };
  });
  return bundled;
}

/** Bytes over the wire, each file gzipped on its own as a server sends it. */
export function gzippedSize(bundle: IslandsBundle, names: readonly string[]): number {
  return names.reduce((sum, file) => sum + gzipSync(bundle.files.get(file)!, { level: 9 }).length, 0);
}
