/**
 * Opaque keyset-pagination cursors. The client only ever echoes them back, so
 * the format may change without breaking anyone; a cursor that does not
 * decode is a client error, not a reason to silently restart at page one.
 */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid pagination cursor');
    this.name = 'InvalidCursorError';
  }
}

export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The `size` strings a cursor carries; throws InvalidCursorError for anything else. */
export function decodeCursor(cursor: string, size: number): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(decoded) || decoded.length !== size || !decoded.every((v) => typeof v === 'string')) {
    throw new InvalidCursorError();
  }
  return decoded;
}

/** Page size for cursor-paged lists: a positive integer, at most `max`. */
export function pageLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined) return fallback;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  return Math.min(limit, max);
}
