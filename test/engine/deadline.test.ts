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
