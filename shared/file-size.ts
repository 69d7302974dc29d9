/**
 * The file-size formatter of spec section 9: base 1024, so a limit of
 * 20 × 1024 × 1024 bytes reads '20 MB'. Whole numbers print without a
 * fraction, others with one decimal ('1.5 KB'). Pure: the upload routes'
 * messages and the admin app's uploader say the same size.
 */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const BASE = 1024;

/** Spec section 9: bytes per MB where the platform counts storage in decimal megabytes. */
export const BYTES_PER_MB = 1_000_000;

/** formatFileSize(0) → '0 B'; (1536) → '1.5 KB'; (20 * 1024 * 1024) → '20 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= BASE && unit < UNITS.length - 1) {
    value /= BASE;
    unit++;
  }
  // Rounded first: 1023.96 KB would otherwise print as '1024 KB' rather than '1 MB'.
  const rounded = Math.round(value * 10) / 10;
  if (rounded >= BASE && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${text} ${UNITS[unit]}`;
}
