import t from 'tap';
import { Engine, type RenderOptions } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
const NOW = 1582571080000; // 2020-02-24 14:04:40 America/New_York

function render(template: string, data: unknown = {}, options: RenderOptions = {}) {
  const compiled = engine.compile(template);
  const result = engine.render(compiled.template, data, { now: NOW, ...options });
  return { output: result.output, errors: [...compiled.errors, ...result.errors] };
}
const out = (template: string, data: unknown = {}, options: RenderOptions = {}) =>
  render(template, data, options).output;

t.test('decimal: grouping is opt-in, rounding is half-even, digits options apply', async (t) => {
  t.equal(out('{n|decimal}|{n|decimal group}', { n: '-15789.12' }), '-15789.12|-15,789.12');
  t.equal(out('{a|decimal maxfrac:2} {b|decimal maxfrac:2}', { a: '1.125', b: '1.135' }), '1.12 1.14');
  t.equal(out('{n|decimal maxfrac:1}|{n|decimal minfrac:4}', { n: '2.25' }), '2.2|2.2500');
  t.equal(out('{n|decimal mode:significant-maxfrac minsig:1 maxfrac:3}', { n: '3.14159' }), '3.142');
  t.equal(out('{n|decimal style:short}|{n|decimal style:long}', { n: 1234567 }), '1.2M|1.2 million');
  t.equal(out('{n|decimal style:percent}|{n|decimal style:permille}', { n: '0.25' }), '25%|250‰');
  t.equal(out('{n|decimal group}', { n: '1234567.5' }, { locale: 'de-DE' }), '1.234.567,5');
  t.equal(out('{n|decimal}', { n: '-0' }), '0');
});

t.test('decimal: anything but a number renders empty', async (t) => {
  for (const n of ['abc', ' 12 ', true, null, { a: 1 }, [1], '1e999999']) {
    t.equal(out('{n|decimal group}', { n }), '', JSON.stringify(n));
  }
  t.equal(out('{missing|decimal}'), '');
});

t.test('money: CLDR symbols, currency digits, both Money shapes', async (t) => {
  const usd = { decimalValue: '123456.785', currencyCode: 'USD' };
  t.equal(
    out('{m|money}|{m|money style:short}|{m|money style:name}', { m: usd }),
    '$123,456.78|$123K|123,456.78 US dollars',
  );
  t.equal(
    out('{m|money style:code}|{m|money style:accounting}', { m: { value: '-5', currency: 'EUR' } }),
    '-5.00 EUR|(€5.00)',
  );
  t.equal(out('{m|money}', { m: { decimalValue: 1234.5, currencyCode: 'JPY' } }), '¥1,234');
  t.equal(
    out('{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'EUR' } }, { locale: 'fr-FR' }),
    '1\u202f234,50\u00a0€',
  );
  t.equal(out('{m|money}', { m: { decimalValue: '-0.001', currencyCode: 'USD' } }), '$0.00');
});

t.test('money: non-Money values render empty', async (t) => {
  for (const m of [
    '12.5',
    12,
    null,
    { decimalValue: '1' },
    { currencyCode: 'USD' },
    { decimalValue: 'x', currencyCode: 'USD' },
  ]) {
    t.equal(out('{m|money}', { m }), '', JSON.stringify(m));
  }
});

t.test('i18n-money-format: one symbol per currency, separators and placement by locale', async (t) => {
  const m = (code: string, v: number) => ({ currencyCode: code, decimalValue: v });
  t.equal(out('{m|i18n-money-format en-US}', { m: m('AUD', -1234.56) }), '-A$1,234.56');
  t.equal(out('{m|i18n-money-format en-US}', { m: m('SEK', -1234.56) }), 'kr -1,234.56');
  t.equal(out('{m|i18n-money-format de-DE}', { m: m('EUR', 1234.56) }), '1.234,56€');
  t.equal(out('{m|i18n-money-format fr-FR}', { m: m('JPY', 1234.56) }), '1\u00a0235¥');
  t.equal(out('{m|i18n-money-format}', { m: m('CAD', 5) }, { locale: 'sv-SE' }), '5,00 C$');
  t.equal(out('{m|i18n-money-format en-US}', { m: 'nope' }), '');
  t.match(render('{m|i18n-money-format a b}', {}).errors[0]?.code, 'BAD_FORMATTER_ARGS');
});

t.test('money-format, moneyFormat and money-string read minor units', async (t) => {
  t.equal(out('{n|money-format}|{n|moneyFormat}', { n: 1234567 }), '12,345.67|12,345.67');
  t.equal(out('{n|money-string}', { n: '-5' }), '<span class="sqs-money-native">-0.05</span>');
  t.equal(out('{n|money-format}', { n: { decimalValue: '5', currencyCode: 'JPY' } }), '5');
  t.equal(out('{n|money-format}|{n|money-string}', { n: 'abc' }), '|');
});

t.test('datetime: styles, skeletons, joins and capitalization', async (t) => {
  const d = { t: NOW };
  t.equal(out('{t|datetime}', d), 'February 24, 2020');
  t.equal(out('{t|datetime short}', d), '2/24/20, 2:04\u202fPM');
  t.equal(out('{t|datetime date:full time:short}', d), 'Monday, February 24, 2020 at 2:04\u202fPM');
  t.equal(out('{t|datetime date:medium time:hm wrap:full}', d), 'Feb 24, 2020 at 2:04\u202fPM');
  t.equal(out('{t|datetime skeleton:yMMMEEEd}|{t|datetime Ehms}', d), 'Mon, Feb 24, 2020|Mon, 2:04:40\u202fPM');
  t.equal(out('{t|datetime EEEE context:begin-sentence}', d, { locale: 'fr-FR' }), 'Lundi');
  t.equal(out('{t|datetime yMd}', d, { locale: 'en-GB' }), '24/2/2020');
  t.equal(out('{t|datetime hm}', { t: NOW, website: { timeZone: 'Europe/Paris' } }), '8:04\u202fPM');
});

t.test('datetime: bad values and time zones never throw', async (t) => {
  t.equal(out('{t|datetime}', { t: 'abc' }), '');
  t.equal(out('{t|datetime}', { t: { a: 1 } }), '');
  t.equal(out('{t|datetime}', { t: 1e20 }), '');
  t.equal(out('{t|datetime time:short}', { t: NOW, website: { timeZone: 'Mars/Base' } }), '2:04\u202fPM');
  t.equal(out('{t|datetime nonsense:1 qqqq}', { t: NOW }), 'February 24, 2020');
  t.equal(out('{t|datetime}', { t: NOW }, { locale: 'not a locale' }), 'February 24, 2020');
});

t.test('datetime-interval: times within a day, dates across days', async (t) => {
  const s = NOW;
  t.equal(out('{s,e|datetime-interval}', { s, e: s + 20_000_000 }), '2:04\u2009–\u20097:38\u202fPM');
  t.equal(out('{s,e|datetime-interval}', { s, e: s + 9_000_000_000 }), 'Feb 24\u2009–\u2009Jun 7, 2020');
  t.equal(out('{s,e|datetime-interval yMMM}', { s, e: s + 90_000_000_000 }), 'Feb 2020\u2009–\u2009Jan 2023');
  t.equal(
    out('{s,e|datetime-interval EEE}', { s, e: s + 90_000_000 }),
    'Mon, 2:04\u202fPM\u2009–\u2009Tue, 3:04\u202fPM',
  );
  t.equal(out('{s,e|datetime-interval}', { s, e: 'x' }), '');
  t.equal(out('{s|datetime-interval}', { s }), '');
});

t.test('relative-time and timesince', async (t) => {
  const ago = (seconds: number) => NOW - seconds * 1000;
  t.equal(out('{t|relative-time}', { t: ago(90) }), '2 minutes ago');
  t.equal(out('{t|relative-time}', { t: ago(86400) }), 'yesterday');
  t.equal(out('{t|relative-time context:begin-sentence}', { t: NOW + 7_200_000 }), 'In 2 hours');
  t.equal(out('{t|relative-time field:day}', { t: ago(86400 * 956) }), '956 days ago');
  t.equal(out('{t|relative-time}', { t: ago(3 * 3600) }, { locale: 'fr-FR' }), 'il y a 3 heures');
  t.equal(out('{t|relative-time}', { t: 'nope' }), '');
  t.equal(
    out('{t|timesince}', { t: ago(30) }),
    '<span class="timesince" data-date="1582571050000">less than a minute ago</span>',
  );
  t.match(out('{t|timesince}', { t: ago(3600) }), /about an hour ago/);
  t.match(out('{t|timesince}', { t: ago(86400 * 20) }), /about 2 weeks ago/);
  t.match(out('{t|timesince}', { t: ago(86400 * 400) }), /about a year ago/);
  t.equal(out('{t|timesince}', { t: 'abc' }), 'Invalid date.');
});

t.test('message: arguments, plural, selectordinal, select, quoting', async (t) => {
  const msg = (m: string, args: string, data: Record<string, unknown> = {}, locale?: string) =>
    out(`{m|message ${args}}`, { m, ...data }, locale ? { locale } : {});
  t.equal(msg('Hi {0}, {1}!', 'a b', { a: 'Bob', b: 3 }), 'Hi Bob, 3!');
  t.equal(msg('{name} has {1}', 'name=p.n c', { p: { n: 'Ann' }, c: 'x' }), 'Ann has x');
  t.equal(msg('{n} / {0}', 'n:c', { c: 7 }), '7 / 7');
  t.equal(msg('{0 plural =0 {none} one {# item} other {# items}}', 'c', { c: 0 }), 'none');
  t.equal(msg('{0 plural one {# item} other {# items}}', 'c', { c: '1.0' }), '1.0 items');
  t.equal(msg('{0 plural offset:1 one {# other} other {# others}}', 'c', { c: 3 }), '2 others');
  t.equal(msg('{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', 'c', { c: 23 }), '23rd');
  t.equal(msg('{0 select a {A} other {O {1}}}', 'x y', { x: 'b', y: 'z' }), 'O z');
  t.equal(msg("It''s '{0}' {0}", 'x', { x: 1 }), "It's {0} 1");
  t.equal(msg('{0 plural few {# FEW} many {# MANY} other {# OTHER}}', 'c', { c: 22 }, 'pl-PL'), '22 FEW');
  t.equal(
    msg('{0 decimal}|{0 decimal maxfrac:1}|{0 decimal style:short}', 'n', { n: '12345.67' }),
    '12,345.67|12,345.7|12K',
  );
  t.equal(msg('{0 money style:name}', 'x', { x: { decimalValue: '2', currencyCode: 'EUR' } }), '2.00 euros');
  t.equal(msg('{0 unit in:byte compact:bytes}', 'b', { b: '12345657890' }), '11.5GB');
  t.equal(msg('{0;1 datetime-interval}', 's e', { s: NOW, e: String(NOW + 600_000) }), '2:04\u2009–\u20092:14\u202fPM');
});

t.test('message: odd input never throws', async (t) => {
  t.equal(out('{m|message}', { m: 'broken {0 plural one{a} other{b}' }), 'broken {0 plural one{a} other{b}');
  t.equal(out('{m|message}', { m: 'a}b' }), 'a}b');
  t.equal(out('{m|message}', { m: 5 }), '');
  t.equal(out('{m|message x}', { m: '{0}|{0 money}|{0 nope}|{0 plural one{#} other{#}}' }), '|||0');
  t.equal(out('{m|message x}', { m: `${'{0 select other {'.repeat(100)}x${'}}'.repeat(100)}` }).length > 0, true);
  t.equal(out('{m|plural c}', { m: '{0 plural one{one} other{many}}', c: 1 }), 'one');
});

t.test('unit: conversion, best fit by measurement system, sequences, sets', async (t) => {
  const u = (v: unknown, opts: string, locale = 'en-US') => out(`{v|unit ${opts}}`, { v }, { locale });
  t.equal(u('12345', 'in:inch'), '342.9yd');
  t.equal(u('12345', 'in:inch sequence:foot,inch group format:long'), '1,028 feet 9 inches');
  t.equal(u('-390625', 'in:centimeter'), '-2.4mi');
  t.equal(u('-390625', 'in:centimeter', 'fr-FR'), '-3,9km');
  t.equal(
    u('-390625', 'in:centimeter sequence:kilometer,meter,centimeter format:long', 'fr-FR'),
    '-3 kilomètres 906 mètres 25 centimètres',
  );
  t.equal(u('32', 'in:fahrenheit out:celsius format:long'), '0 degrees Celsius');
  t.equal(u('1024', 'in:byte format:long'), '1 kilobyte');
  t.equal(u('15789655', 'in:byte compact:bits format:long'), '126.3 megabits');
  t.equal(u('12345', 'in:second sequence:hour,minute,second format:long'), '3 hours 25 minutes 45 seconds');
  t.equal(u('1', 'in:meter-per-second-squared out:g-force maxfrac:3'), '0.102Gs');
  t.equal(u('720', 'in:second out:hour,minute,second format:long'), '12 minutes');
  t.equal(u('5040', 'out:watt'), '5040W');
  t.equal(u('1', 'in:mile-per-gallon'), '1mpg');
  t.equal(u('1', 'in:mile-per-gallon', 'fr-FR'), '235,2l/100km');
  t.equal(u('1234567', 'in:kilogram compact:mass group format:long', 'fr-FR'), '1\u00a0234,6 tonnes');
  // π is the double Math.PI, as in ICU's converter: 15.3 pc is 293,354,727,123,709.55… miles with it.
  t.equal(u('15.3', 'in:parsec out:mile group format:long'), '293,354,727,123,709.6 miles');
  t.equal(u('1', 'in:parsec out:astronomical-unit group maxfrac:0'), '206,265au');
  t.equal(u('3.141592653589793', 'in:radian out:degree'), '180°');
});

t.test('unit: bad input and bad arguments', async (t) => {
  t.equal(out('{v|unit in:inch}', { v: 'abc' }), '');
  t.equal(out('{v|unit in:inch out:second}', { v: '1' }), '');
  const bad = render('{v|unit in:furlongz}', { v: '1' });
  t.equal(bad.errors[0]?.code, 'BAD_FORMATTER_ARGS');
  t.match(bad.errors[0]?.message, /unknown unit 'furlongz'/);
  t.match(render('{v|unit in:inch compact:nope}', { v: 1 }).errors[0]?.message, /unknown unit set/);
  t.match(render('{v|unit in:inch format:tiny}', { v: 1 }).errors[0]?.message, /narrow, short or long/);
});

t.test('units-metric? follows the region of the locale', async (t) => {
  const tpl = '{.units-metric? length}metric{.or}customary{.end}';
  t.equal(out(tpl, {}, { locale: 'en-US' }), 'customary');
  t.equal(out(tpl, {}, { locale: 'fr-FR' }), 'metric');
  t.equal(out(tpl, {}, { locale: 'en-GB' }), 'customary');
  t.equal(out(tpl, {}, { locale: 'de' }), 'metric');
});
