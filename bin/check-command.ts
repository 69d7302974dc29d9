/**
 * `jsont check PACKAGE_DIR`: the theme check of this dialect. Compiles
 * every file of a template package (printing each problem with
 * file:line:col), then serves the demo site through it on an embedded
 * database and renders every page kind (home, every collection and its
 * items, cart, search, checkout, not found), printing the template errors
 * each page logs and any page that does not answer. Exit code 1 on any
 * error, 0 when the package renders every page cleanly.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatPackageError, loadTemplatePackage, PACKAGE_WARNINGS } from '../renderer/template-package/index.ts';
import { type DemoSiteServer, openDemoSiteServer } from './demo-site-server.ts';
import { UsageError } from './usage.ts';

export async function checkCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [dir] = positionals;
  if (dir === undefined || positionals.length !== 1) throw new UsageError('check needs one PACKAGE_DIR');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir}: not a folder`);
  const problems = await checkPackage(dir, (line) => process.stdout.write(`${line}\n`));
  return problems === 0 ? 0 : 1;
}

/**
 * Checks the package in `dir`, telling `out` each problem (and each warning,
 * once: files the package's build makes, PACKAGE_WARNINGS) and a closing
 * count; returns the number of problems, warnings not counted. Serves the
 * demo site through `openSite` when given (a test's own server for the same
 * package, left open), else opens and closes one.
 */
export async function checkPackage(
  dir: string,
  out: (line: string) => void,
  openSite?: DemoSiteServer,
): Promise<number> {
  let problems = 0;
  const warned = new Set<string>();
  // `detail` without the page: a warning every page repeats is printed for the first.
  const report = (text: string, code: unknown, detail = text) => {
    if (typeof code === 'string' && PACKAGE_WARNINGS.has(code)) {
      if (!warned.has(detail)) out(`warning: ${text}`);
      warned.add(detail);
      return;
    }
    out(text);
    problems++;
  };

  const pkg = await loadTemplatePackage(dir);
  for (const error of pkg.errors) report(formatPackageError(error), error.code);

  const site = openSite ?? (await openDemoSiteServer(dir));
  try {
    // The first request loads the package, which logs its compile problems again: they are printed above.
    await site.get('/');
    site.takeLogs();
    for (const page of site.pages) {
      const { status } = await site.get(page);
      const expected = site.statuses.get(page) ?? 200;
      if (status !== expected) {
        out(`${page}: answered ${status}, not ${expected}`);
        problems++;
      }
      for (const line of site.takeLogs()) {
        const detail = typeof line.template === 'string' ? line.template : String(line.msg ?? '');
        const cause = (line.err as { message?: string } | undefined)?.message;
        const what = `${detail}${cause ? `: ${cause}` : ''}`;
        report(`${page}: ${what}`, line.code, what);
      }
    }
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    out(
      `${site.pages.length} pages rendered through ${dir}; ${plural(problems, 'problem')}, ${plural(warned.size, 'warning')}`,
    );
  } finally {
    if (openSite === undefined) await site.close();
  }
  return problems;
}
