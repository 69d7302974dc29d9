/**
 * A conformance case once read from disk, in a form both the runner and the
 * benchmark use: compile inputs (the template source) and render inputs (data,
 * partials, injects, locale, now) are kept apart so each can be timed alone.
 */

export interface RenderInputs {
  readonly template: string;
  /** Names the template in error positions: the case file, or a units table's NAME-in.html. */
  readonly templateFile?: string;
  readonly data: unknown;
  /** The JSON text `data` was parsed from, for engines that parse it themselves (see ConformanceEngine.parseData). */
  readonly dataText?: string;
  readonly partials?: Record<string, string>;
  /** Raw strings; `.inject` parses them as JSON at render time. */
  readonly injects?: Record<string, string>;
  /** BCP 47 tag; null when the case asks for no locale data. */
  readonly locale: string | null;
  readonly now?: number;
}

/** A template rendered and compared to an expected output. */
export interface RenderCase {
  readonly kind: 'render';
  readonly path: string;
  readonly inputs: RenderInputs;
  readonly expected: string;
  /**
   * `whole`: both sides trimmed, then equal. `lines`: the `i18n/units` table
   * rule, where each line is trimmed on its own (the tables indent some lines).
   */
  readonly compare: 'whole' | 'lines';
}

/** `ast-*` / `pretty-*`: compiling `template` must give `expected` in interchange form. */
export interface AstCase {
  readonly kind: 'ast';
  readonly path: string;
  readonly template: string;
  readonly expected: unknown;
}

/** A file that belongs to the corpus but is not a case by itself (tables, unit inputs). */
export interface NotACase {
  readonly kind: 'not-a-case';
  readonly path: string;
  readonly reason: string;
}

/** A case file that cannot be run as written (bad JSON, no :TEMPLATE, ...). */
export interface BrokenCase {
  readonly kind: 'broken';
  readonly path: string;
  readonly reason: string;
}

export type ConformanceCase = RenderCase | AstCase | NotACase | BrokenCase;

export type CaseStatus = 'passed' | 'failed' | 'skipped';

export interface CaseResult {
  readonly path: string;
  readonly status: CaseStatus;
  readonly message?: string;
  readonly expected?: string;
  readonly actual?: string;
}
