/**
 * Compiled stylesheets kept on disk between a server's starts, under a digest
 * of all that goes into the compile: the LESS input and tweak values, every
 * stylesheet's content hash, LESS's version and the source of the module that
 * drives it (its plugins shape the CSS too). Compiling the default package's
 * stylesheets was 0.4 s of a restart's 3.5 s before its first page; reading
 * them back takes a millisecond. Off until a server names its folder (tests
 * and the command line compile afresh); a cache that cannot be read or
 * written is no cache, and the stylesheet is compiled as before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Each template edit or new set of tweak values adds one; the oldest past this many go at the next start. */
export const KEPT_STYLESHEETS = 64;

let folder: string | undefined;

/** Keeps compiled stylesheets in `dir` from now on, first removing all but the newest KEPT_STYLESHEETS; undefined keeps none. */
export function keepCompiledStylesheetsIn(dir: string | undefined): void {
  folder = undefined;
  if (dir === undefined) return;
  try {
    mkdirSync(dir, { recursive: true });
    const files = readdirSync(dir)
      .map((name) => path.join(dir, name))
      .map((file) => ({ file, modified: statSync(file).mtimeMs }))
      .sort((a, b) => b.modified - a.modified);
    for (const { file } of files.slice(KEPT_STYLESHEETS)) unlinkSync(file);
    folder = dir;
  } catch {
    // An unreadable folder: stylesheets are compiled at every start.
  }
}

export interface StylesheetCache<T> {
  get(parts: readonly unknown[], compile: () => T, keep: (value: T) => boolean): T;
}

/**
 * A cache of one compiler's results: `compilerSource` names that compiler's
 * code and version, so a changed compiler never reads what an older one wrote.
 */
export function stylesheetDiskCache<T>(compilerSource: string): StylesheetCache<T> {
  const compilerDigest = createHash('sha256').update(compilerSource).digest('hex');
  return {
    get(parts, compile, keep) {
      const dir = folder;
      if (dir === undefined) return compile();
      const key = createHash('sha256').update(compilerDigest).update(JSON.stringify(parts)).digest('hex');
      const file = path.join(dir, `${key}.json`);
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as { value: T }).value;
      } catch {
        // Not there yet, or unreadable: compiled below.
      }
      const value = compile();
      if (!keep(value)) return value;
      try {
        // Written aside and renamed, so another process never reads half a file.
        const aside = `${file}.${process.pid}.tmp`;
        writeFileSync(aside, JSON.stringify({ value }));
        renameSync(aside, file);
      } catch {
        // A read-only folder: compiled again next time.
      }
      return value;
    },
  };
}
