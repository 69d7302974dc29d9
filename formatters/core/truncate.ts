/**
 * `truncate [length] [ellipsis]`: text longer than `length` (default 100,
 * spec section 9) is cut back to the last ASCII whitespace within the first
 * `length` characters, keeping that whitespace, or cut hard when there is
 * none, then the ellipsis (default `...`) is added.
 */
import { integerArg } from './values.ts';

export const DEFAULT_TRUNCATE_LENGTH = 100;
export const DEFAULT_ELLIPSIS = '...';

const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** The length a `truncate` argument asks for; undefined when it is not a positive integer. */
export function truncateLength(arg: string | undefined): number | undefined {
  const max = arg === undefined ? DEFAULT_TRUNCATE_LENGTH : integerArg(arg);
  return max > 0 ? max : undefined;
}

export function truncate(text: string, max: number, ellipsis = DEFAULT_ELLIPSIS): string {
  if (text.length <= max) return text;
  let end = max;
  while (end > 0 && !isAsciiSpace(text.charCodeAt(end - 1))) end--;
  return (end === 0 ? text.slice(0, max) : text.slice(0, end)) + ellipsis;
}
