/**
 * The owner's rich text (text blocks, post bodies and excerpts, event
 * descriptions) as the site may show it: an allow-list of the tags and
 * attributes the editor produces and the templates style, nothing else.
 * Scripts, styles, frames and forms are dropped with their content, event
 * handler attributes (on*) never pass, and a link or picture whose address
 * is not http(s), mailto or tel (javascript:, data:, vbscript:) loses it.
 * The page renders this HTML as stored, for every visitor, so it is cleaned
 * on the way in, on the server, whatever the editor sent.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel', 'class'] },
  // The default template's button look for a link (templates/default/styles/site.css).
  allowedClasses: { a: ['button', 'button--secondary'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with everything inside: their text is code, not content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab does not hand the site's window to the page it opens.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: withoutTarget(attribs) },
  },
};

function withoutTarget(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { target: _target, ...rest } = attribs;
  return rest;
}

/** sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') → '<p>Hi</p>' */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of some rich text, for a caption field: tags dropped, entities read. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}
