/**
 * Renders one of a package's compiled templates with the package's blocks as
 * partials and its squarespace tags wired to fetched tag data. Synchronous:
 * tag data comes from a store filled before the render; what the render needed
 * but did not find is returned as `missing` (see render-with-tag-data.ts).
 */
import type { CompiledTemplate, RenderOptions } from '../../engine/index.ts';
import { placeInRegion } from './layout-join.ts';
import type { PackageError } from './package-errors.ts';
import { defaultAssetUrl, type StaticFile } from './static-files.ts';
import { TagDataStore } from './tag-data.ts';
import { type MissingTagData, TagRenderHost } from './tag-render-host.ts';
import type { TemplatePackage } from './template-package.ts';

export interface PackageRenderOptions extends Omit<RenderOptions, 'partials' | 'host'> {
  /** Tag data fetched before the render; without it every tag's data is missing. */
  readonly tagData?: TagDataStore;
  /** The URL `<squarespace:script>` points at; defaults to `/scripts/site.js?v=HASH`. */
  readonly assetUrl?: (file: StaticFile) => string;
}

export interface PackageRenderResult {
  readonly output: string;
  /** Engine render errors (a layout's placed in their regions), then tag errors. */
  readonly errors: PackageError[];
  /** Tag data the render asked for and the store did not hold: fetch it and render again. */
  readonly missing: MissingTagData[];
}

/**
 * renderPackageTemplate(pkg, pkg.layouts.get('default')!.template, pageContext, { tagData })
 * → { output: '<!doctype html>…', errors: [], missing: [] }
 */
export function renderPackageTemplate(
  pkg: TemplatePackage,
  template: CompiledTemplate,
  context: unknown,
  options: PackageRenderOptions = {},
): PackageRenderResult {
  const { tagData, assetUrl, ...renderOptions } = options;
  const host = new TagRenderHost(pkg.tags, tagData ?? new TagDataStore(), pkg.staticFiles, assetUrl ?? defaultAssetUrl);
  const rendered = pkg.engine.render(template, context, { ...renderOptions, partials: pkg.partials, host });
  const map = pkg.layoutMaps.get(template);
  const engineErrors = map ? rendered.errors.map((e) => placeInRegion(map, e)) : rendered.errors;
  return { output: rendered.output, errors: [...engineErrors, ...host.errors], missing: [...host.missing.values()] };
}
