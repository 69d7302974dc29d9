/**
 * The page-context keys that template packages read as plain variables
 * (`{squarespace-headers}`, `{squarespace.main-content}`, ...). The page-context
 * builder supplies them; the engine needs nothing special to print them.
 */

/** What `{squarespace.NAME}` reads. */
export interface SquarespaceContext {
  /** The rendered HTML of the page's content: the collection's list or item, or a page's blocks. */
  readonly 'main-content': string;
  /** Classes for `<body class="...">`: page type, collection type, ids. */
  readonly 'page-classes': string;
  /** An id for `<body id="...">`, unique per page. */
  readonly 'page-id': string;
  /** The title for `<title>`: the item's, collection's or page's title and the site title. */
  readonly 'page-title': string;
  /** Changes whenever the site's template or styles do; for cache-busting URLs. */
  readonly 'template-revision': string;
}

/** The top-level keys of a page context that belong to template packages. */
export interface TemplatePageContextKeys {
  readonly squarespace: SquarespaceContext;
  /** Markup for the end of `<head>`: meta tags, stylesheets, site-wide header injection. */
  readonly 'squarespace-headers': string;
  /** Markup for the end of `<body>`: scripts, site-wide footer injection. */
  readonly 'squarespace-footers': string;
  /** A multilingual site's language switcher (renderer/localization); empty for a site with one language. */
  readonly 'squarespace-language-switcher': string;
}
