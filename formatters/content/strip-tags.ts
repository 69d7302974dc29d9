/**
 * Drops markup from rich text the way the reference does for alt text and
 * excerpts: everything from '<' to the next '>' goes, each '>' becomes a space
 * (so words in adjacent elements stay apart), and a tag left open at the end is
 * dropped. Entities are left alone. At most `limit` characters are returned.
 */
export function stripTags(html: string, limit = Number.POSITIVE_INFINITY): string {
  if (!html.includes('<') && !html.includes('>')) return html.slice(0, limit);
  let out = '';
  let inTag = false;
  // Long bodies are cut anyway: stop once `limit` characters are out.
  for (let i = 0; i < html.length && out.length < limit; i++) {
    const c = html[i]!;
    if (c === '<') inTag = true;
    else if (c === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += c;
  }
  return out.slice(0, limit);
}
