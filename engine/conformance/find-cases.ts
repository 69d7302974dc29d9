/**
 * Expands files and folders into the case files under them. Missing paths are
 * returned, not thrown: the corpus lives beside the checkout and may be absent.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { classifyPath } from './case-path.ts';

export interface FoundCases {
  readonly files: string[];
  readonly missing: string[];
}

// Numeric-aware so ast-2 runs before ast-10, as a reader of the folder expects.
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort(byName)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else {
      const kind = classifyPath(path);
      if (kind === 'case' || kind === 'units-output') out.push(path);
    }
  }
}

/**
 * findCases(['../shared/conformance/core', 'x/ast-1.html']) → every runnable case below, in name order.
 * A file named explicitly is kept whatever it is, so the runner can say why it is not a case.
 */
export function findCases(paths: readonly string[]): FoundCases {
  const files: string[] = [];
  const missing: string[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      missing.push(path);
      continue;
    }
    if (isDir) walk(path, files);
    else files.push(path);
  }
  return { files: [...new Set(files)], missing };
}
