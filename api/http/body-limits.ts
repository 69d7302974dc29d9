/**
 * The largest body each kind of route reads, in bytes. A page's form is a
 * handful of short fields; an API call may carry a product's additional
 * fields (up to 100,000 characters of JSON).
 */
export const BODY_LIMITS = {
  form: 16 * 1024,
  api: 256 * 1024,
} as const;
