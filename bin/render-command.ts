/**
 * `jsont render TEMPLATE --json DATA ...`: renders one template file.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { caseLocale } from '../engine/conformance/load-case.ts';
import { loadRealEngine } from '../engine/conformance/real-engine.ts';
import { parseJsonKeepingDoubles } from '../engine/written-numbers.ts';
import { readPartials } from './read-partials.ts';
import { UsageError } from './usage.ts';

function readData(path: string): unknown {
  // fd 0 rather than /dev/stdin so a piped DATA works on every platform.
  const text = path === '-' ? readFileSync(0, 'utf8') : readFileSync(path, 'utf8');
  try {
    return parseJsonKeepingDoubles(text);
  } catch (e) {
    throw new Error(`${path === '-' ? 'stdin' : path}: not valid JSON: ${(e as Error).message}`);
  }
}

export async function renderCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'string' },
      partials: { type: 'string' },
      locale: { type: 'string' },
      now: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('render takes exactly one TEMPLATE file');
  let now: number | undefined;
  if (values.now !== undefined) {
    now = Number(values.now);
    if (values.now.trim() === '' || !Number.isFinite(now)) {
      throw new UsageError(`--now must be epoch milliseconds, got '${values.now}'`);
    }
  }
  const file = positionals[0]!;
  const source = readFileSync(file, 'utf8');
  const data = values.json === undefined ? {} : readData(values.json);
  const partials = values.partials === undefined ? undefined : readPartials(values.partials);

  const { engine, formatError } = await loadRealEngine();
  const compiled = engine.compile(source, { file });
  const rendered = engine.render(compiled.template, data, {
    partials,
    locale: caseLocale(values.locale),
    now,
    enableExpressions: true,
    enableInclude: true,
  });
  process.stdout.write(rendered.output);
  const errors = [...compiled.errors, ...rendered.errors];
  for (const e of errors) process.stderr.write(`${formatError(e)}\n`);
  return errors.length > 0 ? 1 : 0;
}
