import { ApiError } from '../api-errors.ts';
import { InvalidCursorError } from '../repositories/cursor.ts';

/** A page read by cursor; a cursor the repository cannot read is the client's mistake (400), not a 500. */
export async function pagedByCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ApiError('invalid-cursor');
    throw error;
  }
}
