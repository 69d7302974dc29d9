/**
 * How formatters read a value as text: scalars as themselves, everything else
 * (null, missing, arrays, objects) as nothing. Unlike `{x}` output, which joins
 * arrays, this is what the reference's formatters see.
 */
export function textOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      // String(-0) is already '0'
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return '';
  }
}
