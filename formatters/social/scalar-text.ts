/** Text of a string, number or boolean; '' for anything else (null, arrays, objects, missing). */
export function scalarText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return '';
  }
}
