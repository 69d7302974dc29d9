import t from 'tap';
import { run } from './engine-fixture.ts';

// Eight loops over ten items: 10^8 steps, far more than any deadline below allows. A section enters a
// name of its own frame only, so every item holds the list again: the data refers to itself.
const HOSTILE = `${'{.repeated section list}'.repeat(8)}x${'{.end}'.repeat(8)}`;
const NESTED: { list: unknown[] } = { list: [] };
NESTED.list = Array.from({ length: 10 }, () => NESTED);
const DATA = { list: Array.from({ length: 10 }, (_, i) => i) };

t.test('a render past its deadline stops with RENDER_TIME_LIMIT', async (t) => {
  const started = Date.now();
  const result = run(HOSTILE, NESTED, { deadline: Date.now() + 50 });
  t.same(result.codes, ['RENDER_TIME_LIMIT']);
  t.ok(Date.now() - started < 5_000, 'it stopped instead of running its 10^8 steps');
});

t.test('partial recursion counts too', async (t) => {
  const result = run('{@|apply loop}', NESTED, {
    deadline: Date.now() - 1,
    partials: { loop: '{.repeated section list}{@|apply loop}{.end}' },
  });
  t.ok(result.codes.includes('RENDER_TIME_LIMIT'));
});

t.test('without a deadline, or before it, nothing changes', async (t) => {
  const small = '{.repeated section list}{@}{.end}';
  t.same(run(small, DATA).output, '0123456789');
  t.same(run(small, DATA, { deadline: Date.now() + 60_000 }), run(small, DATA));
});

t.test('a render stops at its step budget', async (t) => {
  const result = run(HOSTILE, NESTED, { budget: { maxSteps: 5000 } });
  t.same(result.codes, ['RENDER_STEP_LIMIT']);
  t.match(result.renderErrors[0]?.message, 'Rendering took more than 5000 steps and was stopped');
});

t.test('a render stops at its output budget, counting what partials produce', async (t) => {
  // A partial that applies itself ten times a level: 10^16 calls within the 16-level depth limit. Its
  // recursion errors at the bottom level are let through here so the output budget is what stops it.
  const partials = { fan: 'xxxxxxxxxx{.repeated section list}{@|apply fan}{.end}' };
  const budget = { maxOutputLength: 10_000, maxErrors: 1_000_000 };
  const result = run('{@|apply fan}', NESTED, { partials, budget });
  t.equal(result.codes.at(-1), 'RENDER_OUTPUT_LIMIT');
  t.ok(result.output.length <= 20_000, `partial output only (${result.output.length} characters)`);
});

t.test('a render stops at its error budget', async (t) => {
  const result = run('{.repeated section list}{@|apply missing}{.end}', DATA, { budget: { maxErrors: 3 } });
  t.same(result.codes, ['UNKNOWN_PARTIAL', 'UNKNOWN_PARTIAL', 'UNKNOWN_PARTIAL', 'RENDER_ERROR_LIMIT']);
});

t.test('the default budget is far above a real page', async (t) => {
  t.same(run('{.repeated section list}{@}{.end}', DATA).codes, []);
});
