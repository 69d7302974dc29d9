import t from 'tap';
import { Engine, type RenderOptions } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { strftime } from '../../formatters/date/strftime.ts';
import { displayZone, zoneAbbreviation } from '../../formatters/date/zone.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown, options: RenderOptions = {}) {
  const compiled = engine.compile(source, { file: 'date.html' });
  const rendered = engine.render(compiled.template, data, options);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}

// 2021-02-17T21:26:05.345Z: a Wednesday evening in New York, Thursday morning in Tokyo.
const T = 1613597165345;
const tokyo = displayZone('Asia/Tokyo');
const utc = displayZone('UTC');

t.test('every conversion character', async (t) => {
  const cases: [string, string][] = [
    ['%a %A %b %B %h', 'Thu Thursday Feb February Feb'],
    ['%c', 'Thu, Feb 18, 2021 6:26:05 AM JST'],
    ['%C %y %Y %G %g', '20 21 2021 2021 21'],
    ['%d %e %j %m %q', '18 18 049 02 1'],
    ['%D %F %x %v', '02/18/21 2021-02-18 02/18/2021 18-Feb-2021'],
    ['%H %I %i %k %l %M %S %p %P', '06 06 6  6  6 26 05 AM am'],
    ['%r|%R|%T|%X', '6:26:05 AM|06:26|06:26:05|06:26:05 AM'],
    ['%s %N', '1613597165 345000000'],
    ['%u %w %U %W %V', '4 4 08 08 07'],
    ['%z %Z', '+09:00 JST'],
    ['[%n][%t][%%]', '[\n][\t][%]'],
  ];
  for (const [pattern, expected] of cases) t.equal(strftime(pattern, T, tokyo), expected, pattern);
});

t.test('padding and 12-hour clock edges', async (t) => {
  const midnight = Date.UTC(2021, 0, 5, 0, 0, 0);
  t.equal(strftime('%i|%I|%l|%k|%H|%p|%e|%d', midnight, utc), '12|12|12| 0|00|AM| 5|05');
  t.equal(strftime('%i|%I|%l|%k|%p', midnight + 13 * 3_600_000, utc), '1|01| 1|13|PM');
  t.equal(strftime('%v', midnight, utc), ' 5-Jan-2021');
});

t.test('week numbers at year boundaries', async (t) => {
  // %U and %W: the week holding January 1st is week 1 (so late December can be week 1).
  t.equal(strftime('%U %W %V %G', Date.UTC(2015, 11, 28, 12), utc), '01 01 53 2015');
  t.equal(strftime('%U %W %V %G', Date.UTC(2016, 11, 25, 12), utc), '53 53 51 2016');
  t.equal(strftime('%U %V %G %g', Date.UTC(2018, 11, 31, 12), utc), '01 01 2019 19');
  t.equal(strftime('%j', Date.UTC(2016, 11, 31, 12), utc), '366');
});

t.test('unknown conversions print nothing; a trailing % stays', async (t) => {
  t.equal(strftime('%f%E%Q|%-d|x%', T, utc), '|d|x%');
});

t.test('odd instants', async (t) => {
  t.equal(strftime('%s %N %F %T', -1500, utc), '-1 500000000 1969-12-31 23:59:58');
  t.equal(strftime('%N', 1.5, utc), '001500000');
  // before the Gregorian reform the Julian calendar is used
  t.equal(strftime('%F %a', Date.UTC(1582, 9, 14, 12), utc), '1582-10-04 Thu');
});

t.test('time zones: DST, half-hour and numeric abbreviations, unknown names', async (t) => {
  const summer = 1626000000000;
  t.equal(strftime('%z %Z', summer, displayZone('America/New_York')), '-04:00 EDT');
  t.equal(strftime('%z %Z', T, displayZone('Australia/Adelaide')), '+10:30 ACDT');
  t.equal(strftime('%z %Z', T, displayZone('Asia/Kathmandu')), '+05:45 +0545');
  t.equal(strftime('%z %Z', T, displayZone('Asia/Dubai')), '+04:00 +04');
  t.equal(strftime('%Z', T, displayZone('asia/tokyo')), 'JST');
  t.equal(strftime('%H %Z', 5000, displayZone('Bogus/Zone')), '00 UTC');
  t.equal(strftime('%H %Z', 5000, displayZone('+05:00')), '00 UTC');
  t.equal(zoneAbbreviation(displayZone('Europe/London'), summer, 60), 'BST');
});

t.test('the date formatter reads the website time zone, defaulting to New York', async (t) => {
  t.equal(
    run('{t|date %Y-%m-%d %H:%M %Z}', { t: T, website: { timeZone: 'Asia/Tokyo' } }).output,
    '2021-02-18 06:26 JST',
  );
  t.equal(run('{t|date %Y-%m-%d %H:%M %Z}', { t: T }).output, '2021-02-17 16:26 EST');
  t.equal(run('{t|date %H %Z}', { t: T }, { timeZone: 'Europe/Paris' }).output, '22 CET');
  t.equal(run('{t|date %B %d, %Y}', { t: T }).output, 'February 17, 2021');
});

t.test('the pattern is every argument, whatever the delimiter', async (t) => {
  t.equal(run('{t|date:%d:%m}', { t: T }).output, '17 02');
  t.equal(run('{t|date  %d  x }', { t: T }).output, ' 17  x ');
});

t.test('values that are not numbers', async (t) => {
  const data = { s: '1613597165345', n: null, b: true, o: { a: 1 }, bad: 'abc', big: 1e20 };
  t.equal(run('{s|date %F}', data).output, '2021-02-17');
  t.equal(run('{n|date %s}|{missing|date %s}|{o|date %s}', data).output, '0|0|0');
  t.equal(run('{b|date %N}', data).output, '001000000');
  t.equal(run('{bad|date %F}', data).output, 'Invalid date.');
  t.equal(run('{big|date %F}', data).output, 'Invalid date.');
});

t.test('a missing pattern is a compile error and renders nothing', async (t) => {
  const r = run('{t|date}', { t: T });
  t.equal(r.output, '');
  t.same(r.codes, ['BAD_FORMATTER_ARGS']);
});

t.test('looseNumber reads the leading number of a string', async (t) => {
  const cases: [unknown, number][] = [
    ['12abc', 12],
    ['  -3.5e2x', -350],
    ['1e2', 1],
    ['1.e2', 100],
    ['.5', 0.5],
    ['0x10', 0],
    [true, 1],
    [null, 0],
    [[5], 0],
    [undefined, 0],
  ];
  for (const [input, expected] of cases) t.equal(readNumber(input, 'leading-number'), expected, JSON.stringify(input));
  t.ok(Number.isNaN(readNumber('abc', 'leading-number')));
  t.ok(Number.isNaN(readNumber('', 'leading-number')));
});

t.test('datetimefield prints an instant in the locale and zone, nothing for other values', async (t) => {
  const e = new Engine(defaultRegistry);
  const tpl = e.compile('{t|datetimefield}|{o|datetimefield}|{s|datetimefield}').template;
  const data = { t: 1700000000000, o: {}, s: 'soon', website: { timeZone: 'Europe/Paris' } };
  t.equal(e.render(tpl, data).output, 'Nov 14, 2023, 11:13 PM||');
  t.equal(e.render(tpl, data, { locale: 'fr-FR' }).output, '14 nov. 2023, 23:13||');
});
