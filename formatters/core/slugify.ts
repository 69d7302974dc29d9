/**
 * URL slugs: everything but ASCII letters, digits, whitespace and `-` is
 * dropped, each run of whitespace becomes one `-`, then lower case.
 * Existing hyphens are kept as they are (`a - b` → `a---b`), as the reference does.
 */
export function slugify(text: string): string {
  return text
    .replace(/[^A-Za-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}
