/**
 * `url-encode`: UTF-8 percent-encoding that leaves only ASCII letters,
 * digits and `@*_+-./` as they are (the set JavaScript's old `escape` kept),
 * with spaces as `%20`. Starts from encodeURIComponent and moves the few
 * characters whose treatment differs.
 */
const ADJUST = /%(40|2B|2F)|[!'()~]/g;

/** Throws URIError on a lone surrogate, like encodeURIComponent. */
export function urlEncode(text: string): string {
  return encodeURIComponent(text).replace(ADJUST, (match, hex: string | undefined) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : `%${match.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
