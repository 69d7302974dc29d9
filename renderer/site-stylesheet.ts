/**
 * /site.css: the stylesheets template.conf lists, joined in its order, the
 * way site templates expect one stylesheet per site. One request instead of
 * one per file; built once per package snapshot (a reload is a new snapshot).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TemplatePackage } from './template-package/index.ts';

export interface SiteStylesheet {
  css: Buffer;
  etag: string;
}

const built = new WeakMap<TemplatePackage, Promise<SiteStylesheet>>();

export function siteStylesheet(pkg: TemplatePackage): Promise<SiteStylesheet> {
  let stylesheet = built.get(pkg);
  if (!stylesheet) {
    stylesheet = join(pkg);
    built.set(pkg, stylesheet);
  }
  return stylesheet;
}

async function join(pkg: TemplatePackage): Promise<SiteStylesheet> {
  // A listed file that does not exist is a package error already reported with its position; the rest still apply.
  const files = (pkg.conf?.stylesheets ?? []).flatMap((name) => pkg.staticFiles.get(`styles/${name}`) ?? []);
  const parts = await Promise.all(files.map((file) => readFile(file.absolutePath)));
  const css = Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')]));
  return { css, etag: `"${createHash('sha256').update(css).digest('hex').slice(0, 16)}"` };
}
