/**
 * Web fonts the platform serves from npm packages (@fontsource), at
 * /fonts/<file>: a fixed list, so the route never reads anything else from
 * node_modules. A template's stylesheet names a file with the package's
 * version as ?v=, which is what lets the answer be kept for a year: a new
 * version of the package is a new address. The same origin serves them, so
 * the Content-Security-Policy's default-src 'self' covers them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

export interface WebFont {
  /** The file's path on disk. */
  path: string;
  /** The package version; a request whose ?v= names it may be kept for a year. */
  version: string;
}

/** The Latin subsets (and Latin Extended for names and places) of the default template's two families. */
const FILES: Readonly<Record<string, string>> = {
  'fraunces-latin-wght-normal.woff2': '@fontsource-variable/fraunces',
  'fraunces-latin-wght-italic.woff2': '@fontsource-variable/fraunces',
  'fraunces-latin-ext-wght-normal.woff2': '@fontsource-variable/fraunces',
  'source-sans-3-latin-wght-normal.woff2': '@fontsource-variable/source-sans-3',
  'source-sans-3-latin-wght-italic.woff2': '@fontsource-variable/source-sans-3',
  'source-sans-3-latin-ext-wght-normal.woff2': '@fontsource-variable/source-sans-3',
};

function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '';
}

/** Resolved once, at start: a missing package fails the start, not a visitor's request. */
export function loadWebFonts(): ReadonlyMap<string, WebFont> {
  const fonts = new Map<string, WebFont>();
  const versions = new Map<string, string>();
  for (const [file, pkg] of Object.entries(FILES)) {
    let version = versions.get(pkg);
    if (version === undefined) {
      version = packageVersion(pkg);
      versions.set(pkg, version);
    }
    fonts.set(file, { path: require.resolve(`${pkg}/files/${file}`), version });
  }
  return fonts;
}

export const fontDir = (font: WebFont): string => dirname(font.path);
