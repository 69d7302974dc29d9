/**
 * JSON numbers written as doubles (`1.0`, `17.0`, `2e3`) keep that form in the
 * reference engine, which prints them as Java prints a double ("1.0", "2000.0")
 * and lets ICU plural rules see the fraction digits ("1.0" is plural `other`
 * in English, "1" is `one`). A JavaScript number cannot carry the difference,
 * so the JSON reader records the printed form beside the number's container,
 * and `{n}` and message arguments read it back. Values stay plain numbers for
 * everything else.
 */
import type { PathSegment } from './types.ts';

const written = new WeakMap<object, Map<PathSegment, string>>();

/** doubleText(17) → '17.0'; doubleText(0.1) → '0.1'; doubleText(1e21) → '1.0E21' (Java's Double.toString). */
export function doubleText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  if (size === 0 || (size >= 1e-3 && size < 1e7)) {
    const plain = Object.is(value, -0) ? '-0' : String(value);
    return plain.includes('.') ? plain : `${plain}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.replace('+', '')}`;
}

type JsonParse = (
  text: string,
  reviver: (key: string, value: unknown, context?: { source?: string }) => unknown,
) => unknown;

/**
 * Throws unless JSON.parse hands revivers each value's source text (Node 22
 * and later): without it `1.0` would silently print as `1`, so the engine
 * refuses to start instead.
 */
export function requireSourceTextReviver(parse: JsonParse = JSON.parse as JsonParse): void {
  let source: string | undefined;
  parse('[1.0]', (_key, value, context) => {
    if (typeof value === 'number') source = context?.source;
    return value;
  });
  if (source !== '1.0') {
    throw new Error(
      `this JavaScript runtime (Node ${process.versions.node}) does not give JSON revivers the source text; the template engine needs Node 22 or later to print numbers as the data wrote them`,
    );
  }
}

/** JSON.parse that also records the double-written numbers whose printed form differs from JavaScript's. */
export function parseJsonKeepingDoubles(text: string): unknown {
  return JSON.parse(text, function (this: object, key: string, value: unknown, context?: { source?: string }) {
    const source = context?.source;
    if (typeof value === 'number' && source !== undefined && /[.eE]/.test(source)) {
      const printed = doubleText(value);
      if (printed !== String(value)) {
        recordWrittenNumber(this, Array.isArray(this) ? Number(key) : key, printed);
      }
    }
    return value;
  });
}

/** Notes that `container[key]` prints as `printed` (a JSON object or array, or a frame's variables). */
export function recordWrittenNumber(container: object, key: PathSegment, printed: string): void {
  let entries = written.get(container);
  if (!entries) {
    entries = new Map();
    written.set(container, entries);
  }
  entries.set(key, printed);
}

/** The printed form of `container[key]` when the JSON reader recorded one. */
export function writtenNumber(container: unknown, key: PathSegment): string | undefined {
  return container !== null && typeof container === 'object' ? written.get(container)?.get(key) : undefined;
}
