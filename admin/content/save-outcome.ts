/** What a failed content save tells the editor: each field's message, and the alert to show (a conflict says to reload). */
import type { Problems } from '../form-fields.tsx';
import { ClientApiError } from '../owner-api.ts';

export interface SaveFailure {
  problems: Problems;
  message: string;
  conflict: boolean;
}

export function saveFailure(error: unknown): SaveFailure {
  if (error instanceof ClientApiError) {
    return { problems: error.fields ?? {}, message: error.message, conflict: error.status === 409 };
  }
  return { problems: {}, message: error instanceof Error ? error.message : String(error), conflict: false };
}
