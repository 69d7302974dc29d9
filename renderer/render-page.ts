/**
 * Renders a built page through its template package: the main content first
 * (a collection's list or item template, or a page), then the layout around it
 * with `{squarespace.main-content}` filled in.
 */

import { oneLine, plainText } from '../api/services/product-feed.ts';
import { type CompiledTemplate, RENDER_STOP_CODES } from '../engine/index.ts';
import { truncate } from '../formatters/core/truncate.ts';
import { escapeHtml } from './escape-html.ts';
import { localizeLinks } from './localization/localize-links.ts';
import { alternateLinksHtml, languageSwitcherHtml, type PageLocalization } from './localization/page-localization.ts';
import type { BuiltPage } from './page-context/build-page.ts';
import { PAGE_TYPES } from './page-context/page-types.ts';
import { renderSection } from './page-sections/section-templates.ts';
import { tweakKey } from './site-stylesheet.ts';
import {
  effectiveTweaks,
  type PackageError,
  renderWithTagData,
  type TagPlanMemo,
  type TemplatePackage,
  type TweakValues,
  tweakBodyClasses,
} from './template-package/index.ts';

export interface RenderedPage {
  /** Undefined when the page could not be rendered (`reason` says why): the caller shows its fallback. */
  html: string | undefined;
  errors: PackageError[];
  reason?: string;
}

function viewName(view: BuiltPage['view']): string {
  return view.kind === 'page' ? `page '${view.name}'` : `${view.kind} of '${view.collectionKind}'`;
}

export interface RenderPageOptions {
  now: number;
  /** The package's revision, for cache-busting URLs in templates. */
  revision: string;
  /** The islands bundle the footers load. */
  islandsUrl: string;
  /** The platform's templates, for views the package has none for (TemplatePackages.system). */
  system?: TemplatePackage;
  /** The captcha provider's browser script, named to the islands on pages of a website with a site key. */
  captcha?: { scriptUrl: string; browserGlobal: string };
  /** Epoch milliseconds by which both renders must end (engine RenderOptions.deadline). */
  deadline?: number;
  /** The website's tweak values (website settings); the package's defaults fill in the rest. */
  tweakValues?: TweakValues;
  /** What earlier renders of each page asked of the tag data source (template-package/tag-plan-memo.ts). */
  planMemo?: TagPlanMemo;
  /** The page's analytics (hydrate/analytics): the template's id and the website's cookie mode; absent, none. */
  analytics?: { templateId: string; restrictive: boolean };
}

/** Spec section 5: pages analytics never count. */
const UNCOUNTED_PAGES: ReadonlySet<number> = new Set([
  PAGE_TYPES.notFound,
  PAGE_TYPES.error,
  PAGE_TYPES.lockScreen,
  PAGE_TYPES.memberAreaAccessDenied,
]);

/** Of those, the pages with click tracking all the same (spec section 2: the member-area access-denied page). */
const CLICKS_ONLY_PAGES: ReadonlySet<number> = new Set([PAGE_TYPES.memberAreaAccessDenied]);

/** What the analytics module needs of the page, as JSON for the islands script's data-analytics attribute. */
function analyticsData(
  options: RenderPageOptions,
  built: BuiltPage,
  context: Record<string, unknown>,
): string | undefined {
  if (!options.analytics) return undefined;
  const clicksOnly = CLICKS_ONLY_PAGES.has(built.pageType);
  if (UNCOUNTED_PAGES.has(built.pageType) && !clicksOnly) return undefined;
  const website = context.website as { id: string; language?: string };
  const item = context.item as { id?: string; recordType?: number } | undefined;
  const collection = context.collection as { id?: string } | undefined;
  return JSON.stringify({
    websiteId: website.id,
    templateId: options.analytics.templateId,
    locale: website.language,
    pageType: built.pageType,
    itemId: item?.id ?? null,
    collectionId: collection?.id ?? null,
    recordType: item?.recordType ?? null,
    restrictive: options.analytics.restrictive,
    ...(clicksOnly ? { clicksOnly: true } : {}),
  });
}

const STOPS: ReadonlySet<string> = new Set(RENDER_STOP_CODES);

/** A render that ran out of time or budget: its output is partial and must not be served. */
export function isRenderStop(error: { code: string }): boolean {
  return STOPS.has(error.code);
}

/** The islands bundle's tag; where the website has a captcha, it also says which script draws it (hydrate/captcha/captcha-widget.ts). */
function islandsScript(
  options: RenderPageOptions,
  context: Record<string, unknown>,
  analytics: string | undefined,
): string {
  const website = context.website as { captchaSettings?: { siteKey?: string } } | undefined;
  const captcha =
    options.captcha && website?.captchaSettings?.siteKey
      ? ` data-captcha-script="${escapeHtml(options.captcha.scriptUrl)}" data-captcha-global="${escapeHtml(options.captcha.browserGlobal)}"`
      : '';
  const counted = analytics === undefined ? '' : ` data-analytics="${escapeHtml(analytics)}"`;
  return `<script type="module" src="${escapeHtml(options.islandsUrl)}"${captcha}${counted}></script>`;
}

/**
 * A regular page (collection type 10) the package has no template for is
 * rendered by the platform, as Squarespace does: its blocks, which the page
 * context holds as collection.mainContent, are the main content.
 */
function platformMainContent(built: BuiltPage): string | undefined {
  if (built.view.kind !== 'collection-list' || built.view.collectionKind !== 'page') return undefined;
  const collection = (built.context as { collection?: { mainContent?: unknown } }).collection;
  return typeof collection?.mainContent === 'string' ? collection.mainContent : '';
}

/**
 * What renders the main content: the package's own template, else the
 * platform, inside the package's layout either way: a regular page's
 * blocks, or the platform's template for the view.
 */
function mainContentSource(
  pkg: TemplatePackage,
  built: BuiltPage,
  system: TemplatePackage | undefined,
): { pkg: TemplatePackage; template: CompiledTemplate } | { html: string } | { cover: true } | undefined {
  const own = mainTemplate(pkg, built.view);
  if (own) return { pkg, template: own };
  // A splash page is a cover of its own (templates/sections/cover-page.html), not content inside the site's layout.
  if (built.pageType === PAGE_TYPES.splash) return { cover: true };
  const blocks = platformMainContent(built);
  if (blocks !== undefined) return { html: blocks };
  const fallback = system ? mainTemplate(system, built.view) : undefined;
  return system && fallback ? { pkg: system, template: fallback } : undefined;
}

/** A cover page's blocks, which the platform's cover shows as collection.mainContent. */
function coverContent(context: Record<string, unknown>): string {
  const collection = context.collection as { mainContent?: unknown } | undefined;
  return typeof collection?.mainContent === 'string' ? collection.mainContent : '';
}

function mainTemplate(pkg: TemplatePackage, view: BuiltPage['view']): CompiledTemplate | undefined {
  switch (view.kind) {
    case 'collection-list':
      return pkg.collections.get(view.collectionKind)?.list;
    case 'collection-item':
      return pkg.collections.get(view.collectionKind)?.item;
    case 'page':
      return pkg.pages.get(view.name)?.template;
  }
}

/** What the owner set in a collection's page settings (content-json.ts seoData), for its own page. */
interface SeoData {
  seoTitle?: string;
  seoDescription?: string;
  socialImageUrl?: string;
}

function collectionSeo(context: Record<string, unknown>): SeoData | undefined {
  if (context.item) return undefined;
  return (context.collection as { seoData?: SeoData } | undefined)?.seoData;
}

function pageTitle(context: Record<string, unknown>): string {
  const site = (context.website as { siteTitle?: string } | undefined)?.siteTitle ?? '';
  const seoTitle = collectionSeo(context)?.seoTitle;
  if (seoTitle) return seoTitle;
  const item = (context.item as { title?: string } | undefined)?.title;
  const collection = context.collection as { title?: string; isHome?: boolean } | undefined;
  const own = item ?? (collection && !collection.isHome ? collection.title : undefined);
  return own ? `${own} — ${site}` : site;
}

function pageClasses(built: BuiltPage, tweakClasses: readonly string[]): string {
  const context = built.context as { collection?: { id: string; typeName: string; isHome?: boolean } };
  const classes = [`page-type-${built.pageType}`];
  if (context.collection) {
    classes.push(`collection-type-${context.collection.typeName}`, `collection-${context.collection.id}`);
    if (context.collection.isHome) classes.push('homepage');
  }
  classes.push(built.view.kind === 'collection-item' ? 'view-item' : 'view-list');
  return [...classes, ...tweakClasses].join(' ');
}

/**
 * What search engines show under the page's link, the most specific text first: the item's excerpt, the
 * collection's SEO description or its own, then the site's. Excerpts and descriptions are HTML, read as the
 * product feeds read them (tags and entities out); cut at a word within 160 characters, as search results show.
 */
function pageDescription(context: Record<string, unknown>): string | undefined {
  const { item, collection, website } = context as {
    item?: { excerpt?: string };
    collection?: { description?: string; seoData?: SeoData };
    website?: { siteDescription?: string };
  };
  const plain = (html: string | undefined) => (html ? plainText(html) : undefined);
  const text =
    plain(item?.excerpt) ||
    oneLine(collection?.seoData?.seoDescription ?? '') ||
    plain(collection?.description) ||
    plain(website?.siteDescription);
  return text ? truncate(text, 160) : undefined;
}

function headers(built: BuiltPage, localization: PageLocalization | undefined): string {
  const context = built.context as {
    website: { baseUrl?: string };
    websiteSettings: { headerCode?: string };
  };
  const seo = collectionSeo(built.context);
  const description = pageDescription(built.context);
  const image = seo?.socialImageUrl
    ? new URL(seo.socialImageUrl, context.website.baseUrl ?? 'http://localhost').href
    : '';
  return [
    '<meta name="generator" content="Sitebuilder">',
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    localization ? alternateLinksHtml(localization, context.website.baseUrl ?? '') : '',
    seo?.seoTitle ? `<meta property="og:title" content="${escapeHtml(seo.seoTitle)}">` : '',
    seo?.seoDescription ? `<meta property="og:description" content="${escapeHtml(seo.seoDescription)}">` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    context.websiteSettings.headerCode ?? '',
  ]
    .filter(Boolean)
    .join('\n');
}

export async function renderPage(
  pkg: TemplatePackage,
  built: BuiltPage,
  options: RenderPageOptions,
): Promise<RenderedPage> {
  const main = mainContentSource(pkg, built, options.system);
  const layout = pkg.layouts.get(built.layout ?? 'default') ?? pkg.layouts.values().next().value;
  if (!layout && !(main && 'cover' in main)) {
    return { html: undefined, errors: [], reason: 'the package has no layout (template.conf layouts)' };
  }
  if (!main) {
    return {
      html: undefined,
      errors: [],
      reason: `neither the package nor the platform has a template for the ${viewName(built.view)}`,
    };
  }
  // tweakJSON: every tweak's value, as Squarespace gives templates; a checkbox that is on is also a body class.
  const tweaks = effectiveTweaks(pkg.styles, options.tweakValues);
  const context: Record<string, unknown> = { ...built.context, tweakJSON: tweaks.values };
  // The stylesheet's URL changes with the website's tweak values too: /site.css is cached for a year.
  const tweaked = tweakKey(tweaks.modifyVars);
  const revision = tweaked === '' ? options.revision : `${options.revision}-${tweaked}`;
  const website = context.website as { language: string; timeZone: string };
  const localization = context.localization as PageLocalization | undefined;
  const renderOptions = {
    now: options.now,
    locale: localization?.locale ?? website.language,
    timeZone: website.timeZone,
    deadline: options.deadline,
  };
  // The tag source answers per website and collection (navigation marks the page's collection active).
  const collectionId = (context.collection as { id?: string } | undefined)?.id;
  const plan = {
    planMemo: options.planMemo,
    planKey: `${(context.website as { id: string }).id}|${collectionId ?? `page-${built.pageType}`}`,
  };
  const content =
    'cover' in main
      ? { output: coverContent(context), errors: [], tagData: undefined }
      : 'html' in main
        ? { output: main.html, errors: [], tagData: undefined }
        : await renderWithTagData(main.pkg, main.template, context, built.tagSource, { ...renderOptions, ...plan });
  if (content.errors.some(isRenderStop)) {
    return { html: undefined, errors: content.errors, reason: 'its render was stopped' };
  }
  const item = context.item as { id?: string } | undefined;
  const collection = context.collection as { id?: string } | undefined;
  // The site-wide popup (page type 104) is a fragment of its own, before the islands that show it.
  const popup = built.popup ? renderSection('popup-overlay', built.popup.context, renderOptions) : undefined;
  const full = {
    ...context,
    squarespace: {
      'main-content': content.output,
      'page-classes': pageClasses(built, tweakBodyClasses(pkg.styles, tweaks.values)),
      'page-id': item?.id
        ? `item-${item.id}`
        : collection?.id
          ? `collection-${collection.id}`
          : `page-${built.pageType}`,
      'page-title': pageTitle(context),
      'template-revision': revision,
    },
    'squarespace-headers': headers(built, localization),
    'squarespace-language-switcher': localization ? languageSwitcherHtml(localization) : '',
    // Module scripts run after the document is parsed; the owner's footer code follows ours.
    'squarespace-footers': `${popup ? `${popup.output}\n` : ''}${islandsScript(options, context, analyticsData(options, built, context))}\n${(context.websiteSettings as { footerCode?: string }).footerCode ?? ''}`,
  };
  const sectionErrors = popup?.errors ?? [];
  // A page in a translation language links to that language's pages.
  const localized = (html: string) => (localization ? localizeLinks(html, localization) : html);
  if ('cover' in main || !layout) {
    const cover = renderSection('cover-page', full, renderOptions);
    return { html: localized(cover.output), errors: [...cover.errors, ...sectionErrors] };
  }
  const page = await renderWithTagData(pkg, layout.template, full, built.tagSource, {
    ...renderOptions,
    ...plan,
    tagData: content.tagData,
  });
  return { html: localized(page.output), errors: [...content.errors, ...page.errors, ...sectionErrors] };
}
