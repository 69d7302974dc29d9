/**
 * Reads a JSON file so that problems can point into it: a syntax error gets the
 * offset where the text stops being JSON (JSON.parse does not always say), and a
 * valid document remembers where each value starts, so a schema complaint about
 * `layouts.default.regions.2` can be reported at that value.
 */

export type JsonPath = readonly PropertyKey[];

export type JsonSource =
  | { readonly ok: true; readonly value: unknown; readonly offsetOf: (path: JsonPath) => number }
  | { readonly ok: false; readonly offset: number; readonly detail: string };

class JsonSyntaxError extends Error {
  readonly offset: number;
  constructor(offset: number, detail: string) {
    super(detail);
    this.offset = offset;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';
const HEX4 = /^[0-9a-fA-F]{4}$/;

const pathKey = (path: JsonPath): string => path.map(String).join('\u0000');

/** A recursive-descent pass that only validates and records where values start. */
class Scanner {
  i = 0;
  readonly starts = new Map<string, number>();

  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  fail(detail: string, offset = this.i): never {
    throw new JsonSyntaxError(offset, detail);
  }

  ws(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      // space, tab, newline, carriage return, and a byte-order mark at the very start
      if (c === 32 || c === 9 || c === 10 || c === 13 || (c === 0xfeff && this.i === 0)) this.i++;
      else break;
    }
  }

  document(): void {
    this.ws();
    this.value([]);
    this.ws();
    if (this.i < this.text.length) this.fail('unexpected text after the end of the JSON value');
  }

  value(path: PropertyKey[]): void {
    if (this.i >= this.text.length) this.fail('unexpected end of the file');
    this.starts.set(pathKey(path), this.i);
    const c = this.text[this.i]!;
    if (c === '{') this.object(path);
    else if (c === '[') this.array(path);
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (!this.literal('true') && !this.literal('false') && !this.literal('null')) {
      this.fail(`unexpected character '${c}'`);
    }
  }

  private literal(word: string): boolean {
    if (!this.text.startsWith(word, this.i)) return false;
    this.i += word.length;
    return true;
  }

  private number(): void {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail('invalid number');
    this.i += m[0].length;
  }

  /** Returns the decoded string (keys need it). */
  string(): string {
    const start = this.i;
    this.i++;
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 34 /* " */) {
        this.i++;
        return JSON.parse(t.slice(start, this.i)) as string;
      }
      if (c < 32) this.fail('control character in a string; write it as an escape such as \\n');
      if (c === 92 /* \ */) {
        const e = t[this.i + 1];
        if (e === 'u') {
          if (!HEX4.test(t.slice(this.i + 2, this.i + 6))) this.fail('\\u must be followed by four hex digits');
          this.i += 6;
        } else if (e !== undefined && ESCAPES.includes(e)) {
          this.i += 2;
        } else {
          this.fail(`invalid escape '\\${e ?? ''}'`);
        }
      } else {
        this.i++;
      }
    }
    return this.fail('string is never closed', start);
  }

  private object(path: PropertyKey[]): void {
    this.i++;
    this.ws();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') {
        this.fail(
          this.text[this.i] === '}' ? "trailing comma before '}'" : 'expected a property name in double quotes',
        );
      }
      const key = this.string();
      this.ws();
      if (this.text[this.i] !== ':') this.fail("expected ':' after the property name");
      this.i++;
      this.ws();
      this.value([...path, key]);
      this.ws();
      const c = this.text[this.i];
      this.i++;
      if (c === '}') return;
      if (c !== ',') this.fail("expected ',' or '}' after a property value", this.i - 1);
    }
  }

  private array(path: PropertyKey[]): void {
    this.i++;
    this.ws();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (let index = 0; ; index++) {
      this.ws();
      if (this.text[this.i] === ']') this.fail("trailing comma before ']'");
      this.value([...path, index]);
      this.ws();
      const c = this.text[this.i];
      this.i++;
      if (c === ']') return;
      if (c !== ',') this.fail("expected ',' or ']' after an array element", this.i - 1);
    }
  }
}

/**
 * readJsonSource('{"a": [1, 2]}') → { ok: true, value, offsetOf } where offsetOf(['a', 1]) is 10;
 * readJsonSource('{"a" 1}') → { ok: false, offset: 5, detail: "expected ':' after the property name" }.
 * offsetOf falls back to the nearest enclosing value for a path that is absent (a missing key).
 */
export function readJsonSource(text: string): JsonSource {
  const scanner = new Scanner(text);
  try {
    scanner.document();
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, offset: e.offset, detail: e.message };
    throw e;
  }
  // The scan has shown the text is valid, so JSON.parse gives the value with its usual semantics.
  const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const offsetOf = (path: JsonPath): number => {
    for (let n = path.length; n >= 0; n--) {
      const offset = scanner.starts.get(pathKey(path.slice(0, n)));
      if (offset !== undefined) return offset;
    }
    return 0;
  };
  return { ok: true, value, offsetOf };
}
