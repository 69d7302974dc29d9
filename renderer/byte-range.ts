/**
 * A Range request header (RFC 9110 section 14) as the download route
 * answers it: one range of bytes, from the start or from the end of the
 * file. Several ranges or another unit get the whole file, as the RFC
 * allows a server to answer; a range past the end is unsatisfiable (416).
 */

/** parseRange('bytes=100-199', 4096) → { start: 100, end: 199 }; undefined for no range to honour. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  // Several ranges, or another unit: the whole file, as the RFC allows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  // A last byte before the first is no range at all (RFC 9110 section 14.1.1): the whole file.
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}
