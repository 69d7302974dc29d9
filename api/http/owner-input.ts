import type { z } from 'zod';
import { schemaProblems } from '../../shared/owner-schemas.ts';
import { ApiError } from '../api-errors.ts';

/** An owner form's body checked against its shared schema; a mismatch is a 400 with each field's message. */
export function parseOwnerInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ApiError('owner-input-invalid', { fields: schemaProblems(result.error) });
}
