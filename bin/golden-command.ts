/**
 * `jsont golden PACKAGE_DIR DIR [--check]`: golden-file render tests for QA.
 * Renders every page kind of the demo site through the package (fixed
 * clock, the site's locale, a fixed crumb) and writes each page's HTML into
 * DIR as PAGE.html; with --check, compares instead and prints a short diff
 * per page that differs, is missing, or is left over, exiting 1 on any.
 * Only what bin/golden-normalize.ts says is normalized.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { shortDiff } from '../engine/conformance/short-diff.ts';
import { type DemoSiteServer, openDemoSiteServer } from './demo-site-server.ts';
import { normalizeGolden } from './golden-normalize.ts';
import { UsageError } from './usage.ts';

/** '/' → 'home', '/shop/stoneware-mug' → 'shop--stoneware-mug', '/journal?tag=house%20blend' → 'journal--tag-house-blend'. */
export function goldenName(page: string): string {
  if (page === '/') return 'home';
  return decodeURIComponent(page.slice(1))
    .replace(/[/?&]+/g, '--')
    .replace(/[^A-Za-z0-9-]+/g, '-');
}

export async function goldenCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { check: { type: 'boolean' } } });
  const [packageDir, outDir] = positionals;
  if (packageDir === undefined || outDir === undefined || positionals.length !== 2) {
    throw new UsageError('golden needs PACKAGE_DIR and DIR');
  }
  if (!existsSync(packageDir) || !statSync(packageDir).isDirectory()) throw new Error(`${packageDir}: not a folder`);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const differences = await goldenPages(packageDir, outDir, { check: values.check === true }, out);
  return differences === 0 ? 0 : 1;
}

/** Writes (or with check, compares) the golden pages; returns how many differ, are missing or are left over. */
export async function goldenPages(
  packageDir: string,
  outDir: string,
  options: { check: boolean },
  out: (line: string) => void,
): Promise<number> {
  const site = await openDemoSiteServer(packageDir);
  try {
    return await goldenSitePages(site, outDir, options, out);
  } finally {
    await site.close();
  }
}

/** goldenPages over a demo site that is already open, so tests can share one. */
export async function goldenSitePages(
  site: DemoSiteServer,
  outDir: string,
  options: { check: boolean },
  out: (line: string) => void,
): Promise<number> {
  let differences = 0;
  const written = new Set<string>();
  if (!options.check) mkdirSync(outDir, { recursive: true });
  for (const page of site.pages) {
    const file = `${goldenName(page)}.html`;
    written.add(file);
    const { status, html } = await site.get(page);
    const actual = `<!-- ${page} ${status} -->\n${normalizeGolden(html)}`;
    const target = path.join(outDir, file);
    if (!options.check) {
      writeFileSync(target, actual);
      continue;
    }
    if (!existsSync(target)) {
      out(`${file}: missing (${page})`);
      differences++;
      continue;
    }
    const expected = readFileSync(target, 'utf8');
    if (expected !== actual) {
      out(`${file}: differs (${page})\n${shortDiff(expected, actual)}`);
      differences++;
    }
  }
  const leftOver = options.check
    ? readdirSync(outDir).filter((name) => name.endsWith('.html') && !written.has(name))
    : [];
  for (const file of leftOver) {
    out(`${file}: no page renders it any more`);
    differences++;
  }
  out(
    options.check
      ? `${site.pages.length} pages compared with ${outDir}; ${differences} differ`
      : `${site.pages.length} pages written to ${outDir}`,
  );
  return differences;
}
