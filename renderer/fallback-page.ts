/**
 * The built-in page for when a template package has no page of its own for
 * a system page (not found, error) or could not render one.
 */
import { escapeHtml } from './escape-html.ts';

export interface FallbackPage {
  siteTitle: string;
  heading: string;
  message: string;
  /** Shown only in development: template errors with file:line:col. */
  details?: string;
}

export function fallbackPageHtml(page: FallbackPage): string {
  const details = page.details
    ? `<section aria-labelledby="details"><h2 id="details">Template errors</h2><pre>${escapeHtml(page.details)}</pre></section>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.heading)} · ${escapeHtml(page.siteTitle)}</title>
<style>
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#2b211c;background:#fbf7f2}
main{max-width:40rem;margin:12vh auto;padding:0 1.5rem}
h1{font-size:2rem;line-height:1.2}
a{color:#8a3b12}
a:focus-visible{outline:3px solid #8a3b12;outline-offset:2px}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e0d6cc;padding:1rem;overflow:auto}
</style>
</head>
<body>
<main id="main-content">
<h1>${escapeHtml(page.heading)}</h1>
<p>${escapeHtml(page.message)}</p>
<p><a href="/">Go to the home page</a></p>
${details}
</main>
</body>
</html>
`;
}
