/**
 * The bad inputs, as tables by kind. Cases combine them with routes and
 * fields; keeping them here makes the corpus easy to read and to extend.
 */
import type { InputClass } from './probe-case.ts';

export interface Hostile<T> {
  value: T;
  inputClass: InputClass;
}

const of = <T>(inputClass: InputClass, values: T[]): Hostile<T>[] => values.map((value) => ({ value, inputClass }));

export const SCRIPT_TAG = '<script>alert(1)</script>';
export const SCRIPT_IMG = '"><img src=x onerror=alert(1)>';
/** What must never appear verbatim in an HTML answer: the injected markup unescaped. */
export const UNESCAPED_MARKERS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>'];

/** Strings for JSON fields, form fields and query values. */
export const HOSTILE_STRINGS: Hostile<string>[] = [
  ...of('nul-surrogate', [
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    'x\ud800y',
    '\udc00\ud800',
    '\ud800\u0000',
    '\uffff',
  ]),
  ...of('nul-surrogate', ['\ufeff', '\u202e', 'e\u0301', '😀', 'a\r\nSet-Cookie: x=1']),
  ...of('sql', ["' or 1=1 --", "'; drop table websites; --", '" or ""="', "1' and pg_sleep(5) is null --", '\\', '$1']),
  ...of('script', [SCRIPT_TAG, SCRIPT_IMG, `</textarea>${SCRIPT_TAG}`, 'javascript:alert(1)']),
  // Template syntax: ours (JSON-Template), then the ${} and {{}} of other engines, meant literally.
  ...of('script', ['{website.id}', '{.section website}{id}{.end}', '$' + '{7*7}', '{{7*7}}']),
  ...of('path-traversal', ['../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2f']),
  ...of('wrong-type', ['', ' ', '__proto__', 'constructor', 'null', 'undefined', 'true', '[object Object]']),
  ...of('number-limits', ['A'.repeat(64), 'A'.repeat(65), 'A'.repeat(201), 'A'.repeat(10_000)]),
];

/** Values of the wrong JSON type where a string is expected. */
export const WRONG_TYPES: Hostile<unknown>[] = of<unknown>('wrong-type', [
  null,
  true,
  false,
  0,
  1.5,
  [],
  ['a'],
  [null],
  {},
  { a: 1 },
  { toString: 'x' },
]);

/** Numbers and number-like strings where a count is expected. */
export const NUMBERS: Hostile<unknown>[] = of<unknown>('number-limits', [
  0,
  -0,
  -1,
  1,
  1.5,
  9999,
  10000,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 - 1,
  2 ** 31,
  2 ** 63,
  Number.MIN_VALUE,
  '0',
  '-1',
  '1.5',
  '9999',
  '10000',
  '1e308',
  '1e3',
  '9007199254740993',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  ' 1 ',
  '+1',
  '01',
  '١',
  '1_000',
  '1,000',
  '',
]);

/** Number literals JavaScript cannot write itself; spliced into JSON text as they are. */
export const RAW_NUMBER_LITERALS = [
  '1e309',
  '-1e309',
  '1E400',
  '123456789012345678901234567890',
  '1e-400',
  '-0.0',
  '1.0',
];

/** Whole request bodies that are not JSON, or JSON of the wrong shape. */
export const MALFORMED_JSON: Hostile<string | Buffer>[] = [
  ...of<string | Buffer>('malformed-json', [
    '{',
    '}',
    '{"itemId":',
    '{"itemId":"x",}',
    "{'itemId':'x'}",
    '[',
    'nul',
    'undefined',
    'NaN',
    '{"a":1}{"b":2}',
    '{"itemId":"a\u0000b"}',
    '\ufeff{"itemId":"x"}',
    '{"itemId":"x"' + ' '.repeat(1000),
    '{"itemId":"\\ud800"',
    '{"itemId":"\\u00"}',
    '\u0000',
  ]),
  ...of<string | Buffer>('wrong-type', ['"a string"', '123', 'true', 'null', '[]', '[{"itemId":"x"}]']),
  ...of<string | Buffer>('wrong-type', [
    '{"__proto__":{"polluted":true},"itemId":"x"}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ]),
  ...of<string | Buffer>('nul-surrogate', [
    // Bytes that are not UTF-8: a lone 0xFF, a UTF-8-encoded surrogate (CESU), an overlong NUL.
    Buffer.from([0x7b, 0x22, 0x69, 0x74, 0x65, 0x6d, 0x49, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    Buffer.concat([Buffer.from('{"itemId":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    Buffer.concat([Buffer.from('{"itemId":"'), Buffer.from([0xc0, 0x80]), Buffer.from('"}')]),
  ]),
];

/** JSON nested this deep: arrays and objects, as text (JSON.stringify would recurse). */
export function deepJson(depth: number, shape: 'array' | 'object'): string {
  return shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}
export const DEEP_DEPTHS = [10_000, 100_000];

/**
 * Values for one URL path segment or query value, already percent-encoded
 * (or deliberately not): a lone surrogate cannot go through
 * encodeURIComponent, so its UTF-8 bytes are written by hand.
 */
export const URL_VALUES: Hostile<string>[] = [
  ...of('nul-surrogate', ['%00', 'a%00b', '%ED%A0%80', '%ED%BF%BF', '%C0%80', '%FF', '%', '%zz', '%u0000', '%uD800']),
  ...of('nul-surrogate', ['%F0%9F%98%80', '%E2%80%AE', '%0D%0ASet-Cookie:%20x=1', '%0A', '%EF%BB%BF']),
  ...of('path-traversal', [
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%252e%252e%252f',
    '..%5c..%5c',
  ]),
  ...of('script', [
    encodeURIComponent(SCRIPT_TAG),
    SCRIPT_TAG,
    encodeURIComponent(SCRIPT_IMG),
    '"><img%20src=x%20onerror=alert(1)>',
  ]),
  ...of('sql', [encodeURIComponent("' or 1=1 --"), "'%20or%201=1%20--", "1'%3Bselect%20pg_sleep(5)--"]),
  ...of('wrong-type', ['', '%20', '+', '__proto__', 'constructor', 'null', '[]', '{}']),
  ...of('number-limits', ['0', '-1', '1.5', '1e308', '9999', '10000', '9007199254740992', '99999999999999999999999']),
  ...of('number-limits', ['NaN', 'Infinity', '-0', '0x10', 'A'.repeat(64), 'A'.repeat(65), 'A'.repeat(501)]),
];

/** Host headers, sendable through node:http (the unsendable ones are raw cases). */
export function hostHeaders(port: number): string[] {
  return [
    '',
    ' ',
    'unknown.example',
    'localhost',
    `localhost:${port}`,
    'LOCALHOST',
    'localhost.',
    'localhost:99999',
    'localhost:abc',
    '127.0.0.1:1',
    '[::1]',
    `[::1]:${port}`,
    '[::1',
    '[',
    ':',
    'a'.repeat(300),
    'a'.repeat(10_000),
    'localhost, unknown.example',
    'localhost@unknown.example',
    'bücher.example',
    `localhost:${SCRIPT_TAG}`,
    `127.0.0.1:${SCRIPT_IMG}`,
    "localhost' or 1=1 --",
  ];
}

/** Content types for a body of JSON text, and for a form-encoded one. */
export const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/jsonx',
  'application/vnd.api+json',
  'application/xml',
  '*/*',
  '',
  'application/json, text/plain',
  ';;;',
];

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A percent-encoding that also writes lone surrogates (as the UTF-8 bytes of their code point). */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}
