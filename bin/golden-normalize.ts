/**
 * What golden pages do not pin: the content hash in the islands bundle's
 * file name and the stylesheet's revision, which change with every edit of
 * the browser code or the CSS, neither of which is the page's HTML (the
 * islands route and the stylesheet have tests of their own).
 */
export function normalizeGolden(html: string): string {
  return html
    .replace(/\/islands\/main-[A-Za-z0-9]+\.js/g, '/islands/main-HASH.js')
    .replace(/(\.css\?v=)[0-9a-f]+/g, '$1REVISION');
}
