/**
 * The built-in page for when a template package has no page of its own for
 * a system page (not found, error) or could not render one.
 */
import { escapeHtml } from './escape-html.ts';

/** What the built-in page says for each status it is shown with; others read as 500. */
export const FALLBACK_TEXT: Readonly<Record<number, { heading: string; message: string }>> = {
  400: { heading: 'Something is wrong with the request', message: 'The page could not read what was sent.' },
  401: { heading: 'Password protected', message: 'This page is password protected.' },
  403: { heading: 'Members only', message: 'This page is for members.' },
  404: { heading: 'Page not found', message: 'We could not find the page you were looking for.' },
  405: { heading: 'Not allowed', message: 'This page cannot be sent a form.' },
  413: { heading: 'Too much was sent', message: 'The form was larger than this page accepts.' },
  415: {
    heading: 'Something is wrong with the request',
    message: 'The form was sent in a way this page does not read.',
  },
  // Spec section 8, HTTP 429.
  429: { heading: 'Too many requests', message: 'Please try again in a few seconds.' },
  500: {
    heading: 'Something went wrong',
    message: 'This page could not be shown just now. Please try again in a moment.',
  },
};

/** The built-in page for a status, with the status's own text unless a message is given. */
export function fallbackPageFor(status: number, siteTitle: string, message?: string): string {
  const text = FALLBACK_TEXT[status] ?? FALLBACK_TEXT[500]!;
  return fallbackPageHtml({ siteTitle, heading: text.heading, message: message ?? text.message });
}

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
