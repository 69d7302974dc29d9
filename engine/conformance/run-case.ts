/**
 * Runs one conformance case against an engine and says whether it passed.
 * Render errors do not fail a case by themselves: the corpus judges output only
 * (several cases expect an error and the text rendered around it).
 */
import type { TemplateError } from '../types.ts';
import { interchangeText, jsonEqual, normalizeOutput } from './compare-output.ts';
import type { AstCase, CaseResult, ConformanceCase, RenderCase, RenderInputs } from './conformance-case.ts';
import type { CaseRenderOptions, ConformanceEngine } from './engine-port.ts';
import { loadCase } from './load-case.ts';

/** The render options a case's inputs stand for (expressions and includes on, as the corpus assumes). */
export function renderOptions(inputs: RenderInputs): CaseRenderOptions {
  const options: CaseRenderOptions = { locale: inputs.locale, enableExpressions: true, enableInclude: true };
  if (inputs.partials) options.partials = inputs.partials;
  if (inputs.injects) options.injects = inputs.injects;
  if (inputs.now !== undefined) options.now = inputs.now;
  return options;
}

function errorLines(label: string, errors: readonly TemplateError[]): string {
  if (errors.length === 0) return '';
  const shown = errors.slice(0, 5).map((e) => `  ${e.file}:${e.line}:${e.column} [${e.code}] ${e.message}`);
  if (errors.length > shown.length) shown.push(`  ... ${errors.length - shown.length} more`);
  return `\n${label}:\n${shown.join('\n')}`;
}

function thrown(e: unknown): string {
  if (e instanceof Error)
    return `engine threw ${e.name}: ${e.message}${e.stack ? `\n${e.stack.split('\n').slice(1, 4).join('\n')}` : ''}`;
  return `engine threw ${String(e)}`;
}

/** The case's data as the engine wants it: through its own JSON reader when it has one. */
export function caseData<T>(engine: ConformanceEngine<T>, inputs: RenderInputs): unknown {
  return engine.parseData && inputs.dataText !== undefined ? engine.parseData(inputs.dataText) : inputs.data;
}

function runRender<T>(engine: ConformanceEngine<T>, c: RenderCase): CaseResult {
  const { path, inputs } = c;
  const compiled = engine.compile(inputs.template, { file: inputs.templateFile ?? path });
  const rendered = engine.render(compiled.template, caseData(engine, inputs), renderOptions(inputs));
  const expected = normalizeOutput(c.expected, c.compare);
  const actual = normalizeOutput(rendered.output, c.compare);
  if (expected === actual) return { path, status: 'passed' };
  const how = c.compare === 'lines' ? 'output differs (lines compared trimmed)' : 'output differs';
  const message = how + errorLines('compile errors', compiled.errors) + errorLines('render errors', rendered.errors);
  return { path, status: 'failed', message, expected, actual };
}

function runAst<T>(engine: ConformanceEngine<T>, c: AstCase): CaseResult {
  const compiled = engine.compile(c.template, { file: c.path });
  const actual = engine.toInterchange(compiled.template);
  if (jsonEqual(c.expected, actual)) return { path: c.path, status: 'passed' };
  return {
    path: c.path,
    status: 'failed',
    message: `compiled form differs${errorLines('compile errors', compiled.errors)}`,
    expected: interchangeText(c.expected),
    actual: interchangeText(actual),
  };
}

export function runCase<T>(engine: ConformanceEngine<T>, c: ConformanceCase): CaseResult {
  switch (c.kind) {
    case 'not-a-case':
      return { path: c.path, status: 'skipped', message: `not a case: ${c.reason}` };
    case 'broken':
      return { path: c.path, status: 'failed', message: `bad case file: ${c.reason}` };
    case 'ast':
    case 'render':
      try {
        return c.kind === 'ast' ? runAst(engine, c) : runRender(engine, c);
      } catch (e) {
        return { path: c.path, status: 'failed', message: thrown(e) };
      }
  }
}

/** runCaseFile(engine, '../shared/conformance/core/bindvar-1.html') → { path, status: 'passed' } */
export function runCaseFile<T>(engine: ConformanceEngine<T>, path: string): CaseResult {
  return runCase(engine, loadCase(path));
}
