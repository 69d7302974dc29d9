/**
 * Loads the project's engine with the default formatters and predicates.
 * Imported lazily so that callers (tests, the CLI's usage path) load even when
 * the engine is broken or not written yet, and can report that cleanly.
 */

export async function loadRealEngine() {
  const [{ Engine, formatError }, { defaultRegistry }] = await Promise.all([
    import('../index.ts'),
    import('../../formatters/default-registry.ts'),
  ]);
  return { engine: new Engine(defaultRegistry), formatError };
}

export type RealEngine = Awaited<ReturnType<typeof loadRealEngine>>;
