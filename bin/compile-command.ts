/**
 * `jsont compile TEMPLATE [--ast]`: checks a template, optionally showing its compiled form.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { interchangeText } from '../engine/conformance/compare-output.ts';
import { loadRealEngine } from '../engine/conformance/real-engine.ts';
import { UsageError } from './usage.ts';

export async function compileCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ast: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new UsageError('compile takes exactly one TEMPLATE file');
  const file = positionals[0]!;
  const source = readFileSync(file, 'utf8');
  const { engine, formatError } = await loadRealEngine();
  const { template, errors } = engine.compile(source, { file });
  if (errors.length > 0) {
    for (const e of errors) process.stderr.write(`${formatError(e)}\n`);
    return 1;
  }
  process.stdout.write(values.ast ? `${interchangeText(engine.toInterchange(template))}\n` : 'ok\n');
  return 0;
}
