import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

const ROOT = new URL('../../../', import.meta.url);

/**
 * What a test database snapshot is built from: how it is built and stored,
 * the build steps, the migrations and the demo seed, found by following
 * relative imports from here, so a new migration or seed module counts
 * without being listed.
 */
const ENTRY_POINTS = ['test/api/helpers/pglite-snapshot.ts', 'test/api/helpers/snapshot-builds.ts'];

/** The on-disk data format belongs to the PGlite release. */
const PACKAGES = ['node_modules/@electric-sql/pglite/package.json'];

const RELATIVE_IMPORT = /(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

let computed: Promise<string> | undefined;

/**
 * A short hash of every source a snapshot depends on: the name snapshots are
 * cached under, so a changed migration or seed is never served from an old one.
 */
export function snapshotKey(): Promise<string> {
  computed ??= (async () => {
    const hash = createHash('sha256');
    const seen = new Set<string>();
    const queue = ENTRY_POINTS.map((file) => new URL(file, ROOT).href);
    while (queue.length > 0) {
      const href = queue.shift()!;
      if (seen.has(href)) continue;
      seen.add(href);
      const source = await readFile(new URL(href), 'utf8');
      hash.update(`${href.slice(ROOT.href.length)}\0${source}\0`);
      for (const match of source.matchAll(RELATIVE_IMPORT)) queue.push(new URL(match[1]!, href).href);
    }
    for (const file of PACKAGES) hash.update(`${file}\0${await readFile(new URL(file, ROOT), 'utf8')}\0`);
    return hash.digest('hex').slice(0, 16);
  })();
  return computed;
}
