/**
 * jsont: render, compile and conformance-test JSON-Template files from the shell.
 * Run as `npm run jsont -- <command>`; see ./usage.ts for the commands.
 */
import { USAGE, UsageError } from './usage.ts';

type Command = (args: string[]) => Promise<number>;

// Loaded on demand: check and golden bring the whole server and its database, which render and compile never need.
const COMMANDS: Record<string, () => Promise<Command>> = {
  render: async () => (await import('./render-command.ts')).renderCommand,
  compile: async () => (await import('./compile-command.ts')).compileCommand,
  test: async () => (await import('./test-command.ts')).testCommand,
  check: async () => (await import('./check-command.ts')).checkCommand,
  golden: async () => (await import('./golden-command.ts')).goldenCommand,
};

/** parseArgs reports unknown or malformed options with these codes; they are usage errors too. */
function isArgumentError(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  const load = COMMANDS[command];
  try {
    if (!load) throw new UsageError(`unknown command '${command}'`);
    return await (await load())(rest);
  } catch (e) {
    if (e instanceof UsageError || isArgumentError(e)) {
      process.stderr.write(`jsont: ${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    // Unreadable inputs and engine crashes alike: one line, with the stack only on request.
    const detail = process.env.JSONT_DEBUG && e instanceof Error ? e.stack : (e as Error).message;
    process.stderr.write(`jsont: ${detail ?? String(e)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
