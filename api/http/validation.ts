import type { z } from 'zod';
import { ApiError } from '../api-errors.ts';

/** A body or query checked against a zod schema; a mismatch is a 400 naming each bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  throw new ApiError('invalid-body', { fields });
}
