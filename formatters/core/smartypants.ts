/**
 * Typographic punctuation: straight quotes become curly ones and `--` an em
 * dash. A quote opens after the start of a line or one of a few characters
 * and closes everywhere else. The two quote kinds have different opening sets
 * (the reference's own: a single quote opens after `s` and `\` but not after
 * a space), and single quotes are settled first, so a double quote can open
 * after a curly single one.
 */
const OPEN_SINGLE = /(?<=^|[-\u2014\\(["s])'/gm;
const OPEN_DOUBLE = /(?<=^|[-\u2014/(['\u2018\s])"/gm;

export function smartypants(text: string): string {
  return text
    .replace(OPEN_SINGLE, '\u2018')
    .replace(/'/g, '\u2019')
    .replace(OPEN_DOUBLE, '\u201c')
    .replace(/"/g, '\u201d')
    .replace(/--/g, '\u2014');
}
