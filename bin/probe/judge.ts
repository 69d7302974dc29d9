/**
 * What counts as a failure in one answer. A 4xx is the right answer to
 * bad input; what a visitor must never be able to cause is a 5xx, a hang,
 * their markup echoed unescaped into a page, or a file off the disk.
 */
import { UNESCAPED_MARKERS } from './hostile-values.ts';
import type { InputClass, Outcome } from './probe-case.ts';

export type FailureKind = '5xx' | 'hang' | 'unescaped-script' | 'file-leak' | 'dropped' | 'silent-close';

export const FAILURE_KINDS: readonly FailureKind[] = [
  '5xx',
  'hang',
  'unescaped-script',
  'file-leak',
  'dropped',
  'silent-close',
];

/**
 * Node's HTTP parser closes the connection on a request line or headers
 * beyond its limit, or a body the server refused while it was still being
 * sent; a connection closed without an answer is expected only there.
 */
const MAY_CLOSE_WITHOUT_ANSWER: ReadonlySet<InputClass> = new Set(['huge-body', 'long-url', 'raw-protocol']);

/** Text that only a file from the server's disk would contain. */
const LEAKED_FILE = /root:x:0:0:|"name":\s*"sitebuilder"|repositoryformatversion|"compilerOptions"/;

export function judge(outcome: Outcome): FailureKind[] {
  const kinds: FailureKind[] = [];
  if (outcome.hang) kinds.push('hang');
  if (outcome.status !== undefined && outcome.status >= 500) kinds.push('5xx');
  if (outcome.networkError && !outcome.hang) {
    const refused = outcome.networkError.startsWith('ECONNREFUSED');
    if (refused || !MAY_CLOSE_WITHOUT_ANSWER.has(outcome.inputClass)) kinds.push('dropped');
  }
  if (isHtml(outcome.contentType) && UNESCAPED_MARKERS.some((marker) => outcome.body.includes(marker))) {
    kinds.push('unescaped-script');
  }
  if (outcome.status !== undefined && outcome.status < 400 && LEAKED_FILE.test(outcome.body)) kinds.push('file-leak');
  // Behind a proxy that pools connections, the next visitor's request on it would fail instead.
  if (outcome.silentClose) kinds.push('silent-close');
  return kinds;
}

function isHtml(contentType: string | undefined): boolean {
  // No type at all lets a browser sniff the body as HTML.
  return contentType === undefined || contentType === '' || /^\s*text\/html/i.test(contentType);
}
