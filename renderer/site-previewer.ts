/**
 * The renderer's side of the content editors' preview and style panel
 * (api/http/site-previewer.ts): a page built and rendered as a visitor's
 * would be, through the website's own template package and the same
 * renderPage, from whatever database handle the preview route gives (a
 * transaction holding the owner's draft). The stylesheet is put inline,
 * compiled with the tweak values being tried, since /site.css serves only
 * the saved ones. Template and block errors come back with file:line:col,
 * in production as in development.
 */
import type { PreviewPage, PreviewProblem, SitePreviewer } from '../api/http/site-previewer.ts';
import type { TweakInfo } from '../shared/style-tweaks.ts';
import { fillCrumbSlot } from './crumb-slot.ts';
import { buildPage } from './page-context/build-page.ts';
import { renderPage } from './render-page.ts';
import { resolveRoute } from './routing/resolve-route.ts';
import { siteStylesheet } from './site-stylesheet.ts';
import type { TweakDeclaration } from './template-package/index.ts';
import type { TemplatePackages } from './template-packages.ts';

export interface SitePreviewerOptions {
  packages: TemplatePackages;
  islandsUrl: string;
  now: () => number;
  renderTimeLimitMs: number;
}

function problemOf(error: {
  file: string;
  line: number;
  column: number;
  message: string;
  snippet?: string;
}): PreviewProblem {
  return {
    file: error.file,
    line: error.line,
    column: error.column,
    message: error.message,
    snippet: error.snippet ?? '',
  };
}

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** What the style panel needs of a tweak's declaration. */
export function tweakInfo(tweak: TweakDeclaration): TweakInfo {
  const declared = tweak.declaration;
  const options = Array.isArray(declared.options) ? declared.options.filter((o) => typeof o === 'string') : undefined;
  return {
    name: tweak.name,
    type: tweak.type,
    title: tweak.title,
    default: tweak.default,
    ...(options ? { options } : {}),
    ...(numberOf(declared.min) !== undefined ? { min: numberOf(declared.min) } : {}),
    ...(numberOf(declared.max) !== undefined ? { max: numberOf(declared.max) } : {}),
    ...(numberOf(declared.step) !== undefined ? { step: numberOf(declared.step) } : {}),
    ...(typeof declared.unit === 'string' ? { unit: declared.unit } : {}),
  };
}

/**
 * The preview's frame runs no script (the admin app sandboxes it); the
 * page's scripts (the islands, the owner's code injection) are left out
 * rather than blocked one by one with a console error each.
 */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');

/** `</` cannot close the style element: CSS reads `<\/` as the same two characters. */
const inlineCss = (css: string) => `<style data-preview-stylesheet>${css.replace(/<\//g, '<\\/')}</style>`;

export function sitePreviewer(options: SitePreviewerOptions): SitePreviewer {
  const { packages } = options;
  return {
    async tweaks(site) {
      const packaged = await packages.get(site.settings.templatePackage);
      return packaged ? packaged.pkg.styles.tweaks.map(tweakInfo) : [];
    },

    async render(db, site, page): Promise<PreviewPage> {
      const packaged = await packages.get(site.settings.templatePackage);
      if (!packaged) {
        const problem = `no template package named ${site.settings.templatePackage}`;
        return {
          status: 500,
          html: undefined,
          problems: [{ file: '', line: 0, column: 0, message: problem, snippet: '' }],
        };
      }
      const url = new URL(page.path, 'http://localhost');
      const built = await buildPage(db, {
        site,
        route: resolveRoute(url.pathname),
        query: url.searchParams,
        baseUrl: page.baseUrl,
        now: options.now(),
        crumb: page.crumb,
      });
      const rendered = await renderPage(packaged.pkg, built, {
        now: options.now(),
        revision: packaged.revision,
        islandsUrl: options.islandsUrl,
        system: await packages.system(),
        deadline: Date.now() + options.renderTimeLimitMs,
        tweakValues: page.tweakValues,
      });
      const problems = [...packaged.pkg.errors, ...rendered.errors, ...(built.blockErrors ?? [])].map(problemOf);
      if (rendered.html === undefined) {
        const reason = rendered.reason ?? 'unknown reason';
        problems.unshift({
          file: '',
          line: 0,
          column: 0,
          message: `the page could not be rendered: ${reason}`,
          snippet: '',
        });
        return { status: built.status, html: undefined, problems };
      }
      const sheet = await siteStylesheet(packaged.pkg, page.tweakValues);
      const html = withoutScripts(fillCrumbSlot(rendered.html, page.crumb)).replace(
        /<link rel="stylesheet" href="\/site\.css[^"]*">/,
        () => inlineCss(sheet.css.toString()),
      );
      return { status: built.status, html, problems };
    },
  };
}
