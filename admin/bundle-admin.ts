/**
 * Bundles the admin app (admin/main.tsx) in memory, as the islands are
 * (hydrate/bundle-islands.ts): minified ESM with React's production build
 * and its stylesheet, file names carrying their content hash, and the
 * chunks it loads on demand (the rich-text editor). The renderer
 * serves them under /config/assets/, and only the /config shell loads them,
 * so visitors' pages never carry the admin code.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface AdminBundle {
  files: ReadonlyMap<string, Uint8Array>;
  /** The entry script's file name. */
  script: string;
  /** The stylesheet's file name. */
  stylesheet: string;
}

let bundled: Promise<AdminBundle> | undefined;

/** The bundle, built once per process. */
export function bundleAdmin(): Promise<AdminBundle> {
  bundled ??= build({
    entryPoints: {
      admin: fileURLToPath(new URL('./main.tsx', import.meta.url)),
      'admin-style': fileURLToPath(new URL('./admin.css', import.meta.url)),
    },
    bundle: true,
    write: false,
    outdir: 'config-assets',
    entryNames: '[name]-[hash]',
    // The rich-text editor (admin/content/tiptap-editor.tsx) is loaded on demand, by the editors that need it.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  }).then((result) => {
    const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    const files = new Map(result.outputFiles.map((file) => [name(file.path), file.contents]));
    const script = [...files.keys()].find((file) => file.startsWith('admin-') && file.endsWith('.js'))!;
    const stylesheet = [...files.keys()].find((file) => file.startsWith('admin-style-') && file.endsWith('.css'))!;
    return { files, script, stylesheet };
  });
  return bundled;
}
