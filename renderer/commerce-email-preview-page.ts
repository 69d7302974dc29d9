/**
 * The commerce email preview (page type 301): a page of the owner's, not of
 * the site's template, like the admin app it is opened from. Each email is
 * shown as the buyer's mail program gets it: who it goes to, its subject,
 * its HTML part (in a sandboxed frame, so nothing in it runs or reaches the
 * page) when it has one, and its text part. A form without script picks
 * one of the store's orders to render them with instead of the sample.
 */
import type { RenderedPreview } from '../api/services/commerce-email-previews.ts';
import { escapeHtml } from './escape-html.ts';

export const EMAIL_PREVIEW_PATH = '/commerce/email-preview';

export interface EmailPreviewPage {
  siteTitle: string;
  /** The order the emails are rendered with; null for the sample. */
  orderNumber: number | null;
  emails: RenderedPreview[];
  /** Why the order asked for could not be used, shown above the emails (which then use the sample). */
  alert?: string;
}

const STYLE = `
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#f4f6fa}
header,main{box-sizing:border-box;width:min(60rem,calc(100% - 2rem));margin:0 auto}
header{padding:1.5rem 0 0}
h1{font-size:1.6rem;margin:0 0 .5rem}
.alert{padding:.75rem 1rem;background:#fdecea;border-left:4px solid #b42318;color:#7a1209}
form{display:flex;flex-wrap:wrap;align-items:end;gap:.5rem 1rem;margin:1rem 0}
label{display:block;font-weight:600}
input{font:inherit;padding:.4rem .6rem;border:1px solid #8a94a6;border-radius:.3rem;width:10rem}
button,.button{font:inherit;padding:.45rem 1rem;border-radius:.3rem;border:2px solid #1d3f8f;background:#1d3f8f;color:#fff;cursor:pointer;text-decoration:none}
a{color:#1d3f8f}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
nav ul{padding-left:1.2rem}
article{background:#fff;border:1px solid #c5cedb;border-radius:.5rem;padding:1.25rem 1.5rem;margin:1.5rem 0}
h2{font-size:1.25rem;margin:0}
h3{font-size:1rem;margin:1rem 0 .25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.15rem 1rem;margin:.75rem 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;min-height:20rem;border:1px solid #c5cedb;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f8f9fb;border:1px solid #dde3ec;padding:1rem;font:.9rem/1.5 ui-monospace,Menlo,Consolas,monospace}
.muted{color:#4a5568}
`;

function emailHtml(email: RenderedPreview): string {
  const id = `email-${email.kind}`;
  const heading = `<h2 id="${id}-title">${escapeHtml(email.title)}</h2><p class="muted">${escapeHtml(email.sentWhen)}</p>`;
  const { message } = email;
  if (!message) {
    return `<article id="${id}" aria-labelledby="${id}-title">${heading}<p>This order has no email address, so this email would not be sent.</p></article>`;
  }
  const html = message.html
    ? `<h3>HTML part</h3><iframe title="${escapeHtml(email.title)}: HTML part" sandbox srcdoc="${escapeHtml(message.html)}"></iframe>`
    : '<h3>HTML part</h3><p>None: this email is sent as plain text, which every mail program shows as below.</p>';
  return `<article id="${id}" aria-labelledby="${id}-title">${heading}
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
${message.replyTo ? `<dt>Reply to</dt><dd>${escapeHtml(message.replyTo)}</dd>\n` : ''}<dt>Subject</dt><dd class="subject">${escapeHtml(message.subject)}</dd>
</dl>
${html}
<h3>Text part</h3>
<pre>${escapeHtml(message.text)}</pre>
</article>`;
}

export function emailPreviewPageHtml(page: EmailPreviewPage): string {
  const rendering =
    page.orderNumber === null
      ? 'Rendered with a sample order. Enter one of your order numbers to see them with its data.'
      : `Rendered with order #${page.orderNumber}. Nothing is sent.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Store emails · ${escapeHtml(page.siteTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<p><a href="/config/orders">Back to the orders panel</a></p>
<h1>Store emails</h1>
<p>${escapeHtml(rendering)}</p>
${page.alert ? `<p class="alert" role="alert">${escapeHtml(page.alert)}</p>` : ''}
<form method="get" action="${EMAIL_PREVIEW_PATH}">
<div><label for="preview-order">Order number</label><input id="preview-order" name="order" inputmode="numeric" pattern="[0-9]*" value="${page.orderNumber ?? ''}"></div>
<button type="submit">Preview with this order</button>
${page.orderNumber === null ? '' : `<a class="button" href="${EMAIL_PREVIEW_PATH}">Use the sample order</a>`}
</form>
<nav aria-label="Emails"><ul>
${page.emails.map((email) => `<li><a href="#email-${email.kind}">${escapeHtml(email.title)}</a></li>`).join('\n')}
</ul></nav>
</header>
<main>
${page.emails.map(emailHtml).join('\n')}
</main>
</body>
</html>
`;
}

/** What a visitor who is not a signed-in owner (or one without the orders permission) gets instead. */
export function emailPreviewRefusedHtml(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Store emails</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Store emails</h1>
<p class="alert" role="alert">${escapeHtml(message)}</p>
<p><a href="/config">Sign in to the site administration</a></p>
</main>
</body>
</html>
`;
}
