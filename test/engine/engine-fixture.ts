import { Engine, type RenderOptions } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

export const engine = new Engine(defaultRegistry);

/** Compiles and renders in one go, returning output and all error codes. */
export function run(source: string, data: unknown = {}, options: RenderOptions = {}) {
  const compiled = engine.compile(source, { file: 'test.html' });
  const rendered = engine.render(compiled.template, data, options);
  return {
    output: rendered.output,
    compileErrors: compiled.errors,
    renderErrors: rendered.errors,
    codes: [...compiled.errors, ...rendered.errors].map((e) => e.code),
  };
}
