/**
 * The slice of the engine the conformance runner needs. Kept structural so the
 * runner's own tests can drive it with a small fake instead of the real engine.
 */
import type { TemplateError } from '../types.ts';

export interface CaseRenderOptions {
  partials?: Record<string, string>;
  injects?: Record<string, string>;
  /** null means "no locale data" (a case's `locale: none`). */
  locale?: string | null;
  now?: number;
  timeZone?: string;
  enableExpressions?: boolean;
  enableInclude?: boolean;
}

export interface ConformanceEngine<T> {
  compile(source: string, options?: { file?: string }): { template: T; errors: TemplateError[] };
  render(template: T, data: unknown, options?: CaseRenderOptions): { output: string; errors: TemplateError[] };
  toInterchange(template: T): unknown;
  /**
   * Optional JSON reader for case data. JSON.parse turns `1.0` into `1`, and
   * some cases print numbers as written (`{"n": 1.0}` → `1.0`), so an engine
   * that keeps number text can offer its own reader; the runner then uses it.
   */
  parseData?(text: string): unknown;
}
