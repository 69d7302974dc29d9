/**
 * /site.css: the stylesheets template.conf lists, compiled with LESS as one
 * source in their order (template-package/package-styles.ts), the way site
 * templates expect one stylesheet per site. The package snapshot holds the
 * CSS with its tweaks at their defaults; a website that sets tweak values
 * gets its own compile, cached per snapshot and values (a reload is a new
 * snapshot). Values that do not compile fall back to the defaults' CSS.
 */
import { createHash } from 'node:crypto';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import {
  compileWithTweaks,
  effectiveTweaks,
  type TemplatePackage,
  type TweakValues,
} from './template-package/index.ts';

export interface SiteStylesheet {
  css: Buffer;
  etag: string;
  /** Why the website's tweak values were not all used, for the log. */
  warnings: readonly string[];
}

function stylesheet(css: string, warnings: readonly string[] = []): SiteStylesheet {
  const buffer = Buffer.from(css);
  return { css: buffer, etag: `"${createHash('sha256').update(buffer).digest('hex').slice(0, 16)}"`, warnings };
}

/** The tweak values a website's owner set (website settings `tweakValues`); none means every default. */
export function websiteTweakValues(site: WebsiteWithSettings): TweakValues | undefined {
  return site.settings.tweakValues;
}

const defaults = new WeakMap<TemplatePackage, SiteStylesheet>();
/** Per snapshot, by the website values that differ from the defaults; the oldest goes past this many. */
const withTweaks = new WeakMap<TemplatePackage, Map<string, SiteStylesheet>>();
const MAX_TWEAKED = 16;

function defaultStylesheet(pkg: TemplatePackage): SiteStylesheet {
  let built = defaults.get(pkg);
  if (!built) {
    built = stylesheet(pkg.styles.css);
    defaults.set(pkg, built);
  }
  return built;
}

/** A short key of the values that matter: the same CSS for every website with the same overrides. */
export function tweakKey(modifyVars: Readonly<Record<string, string>>): string {
  const entries = Object.entries(modifyVars).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '' : createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
}

export async function siteStylesheet(pkg: TemplatePackage, tweakValues?: TweakValues): Promise<SiteStylesheet> {
  const tweaks = effectiveTweaks(pkg.styles, tweakValues);
  const key = tweakKey(tweaks.modifyVars);
  if (key === '') {
    const built = defaultStylesheet(pkg);
    return tweaks.ignored.length === 0 ? built : { ...built, warnings: tweaks.ignored };
  }
  let cache = withTweaks.get(pkg);
  if (!cache) {
    cache = new Map();
    withTweaks.set(pkg, cache);
  }
  let built = cache.get(key);
  if (!built) {
    const compiled = compileWithTweaks(pkg.styles, tweaks.modifyVars);
    built =
      'css' in compiled
        ? stylesheet(compiled.css, tweaks.ignored)
        : {
            ...defaultStylesheet(pkg),
            warnings: [...tweaks.ignored, `tweak values do not compile: ${compiled.error}`],
          };
    if (cache.size >= MAX_TWEAKED) cache.delete(cache.keys().next().value!);
  } else {
    cache.delete(key);
  }
  cache.set(key, built);
  return built;
}
