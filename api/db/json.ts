/**
 * JSONB parameters are sent as JSON text: the pg driver would turn a JS
 * array into a Postgres array literal, and text works for both drivers.
 */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
