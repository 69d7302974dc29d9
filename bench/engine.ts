/**
 * Engine benchmark: our engine against @squarespace/template-engine on every
 * conformance case both get right, compile and render timed apart.
 *
 *   npm run bench:engine [-- --fixtures DIR ...] [--rounds N] [--target-ms MS] [--budget-s S] [--json FILE]
 */
import { loadRealEngine } from '../engine/conformance/real-engine.ts';
import { type Options, readOptions, runBenchmark, USAGE } from './run-benchmark.ts';

async function main(): Promise<number> {
  let options: Options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`bench:engine: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    const { engine } = await loadRealEngine();
    await runBenchmark(engine, options);
    return 0;
  } catch (e) {
    process.stderr.write(`bench:engine: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
