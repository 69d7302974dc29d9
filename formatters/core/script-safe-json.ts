/**
 * JSON for the `json` and `json-pretty` formatters. Templates drop it into
 * `<script>` blocks, so every `</` is written `<\/`: the same JSON value, but
 * the browser can never see a closing tag inside it.
 */
export function scriptSafeJson(value: unknown, indent?: number): string {
  if (value === undefined) return '';
  return JSON.stringify(value, null, indent).replace(/<\//g, '<\\/');
}
