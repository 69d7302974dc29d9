/**
 * The package's stylesheets compiled with LESS: one source in template.conf's
 * order, @import among the package's stylesheets, tweaks and a website's
 * values for them, LESS errors as package errors at file:line:col.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import t, { type Test } from 'tap';
import { checkPackage } from '../../bin/check-command.ts';
import { siteStylesheet } from '../../renderer/site-stylesheet.ts';
import {
  formatPackageError,
  loadTemplatePackage,
  reloadFile,
  type TemplatePackage,
} from '../../renderer/template-package/index.ts';
import { effectiveTweaks, tweakBodyClasses } from '../../renderer/template-package/package-styles.ts';
import { openSnapshotDemoSite } from '../bin/snapshot-demo-site.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { conf, loadPackage, packageDir } from './package-helpers.ts';

const SITE_REGION = '<html><body class="{squarespace.page-classes}">{squarespace.main-content}</body></html>';

function files(stylesheets: string[], styles: Record<string, string>): Record<string, string> {
  return { 'template.conf': conf(['site'], { stylesheets }), 'site.region': SITE_REGION, ...styles };
}

const css = async (pkg: TemplatePackage, values?: Record<string, unknown>) =>
  (await siteStylesheet(pkg, values)).css.toString('utf8');

const squash = (text: string) => text.replace(/\s+/g, ' ');

t.test('the listed files are one LESS source: variables and mixins of earlier files reach later ones', async (t) => {
  const pkg = await loadPackage(
    t,
    files(['vars.less', 'plain.css', 'site.less'], {
      'styles/vars.less': '@accent: #c0ffee;\n@gap: 8px;\n.rounded(@r: 4px) { border-radius: @r; }\n',
      'styles/plain.css': '.plain { color: red; }\n',
      'styles/site.less':
        '.button {\n  color: @accent;\n  margin: (@gap * 2);\n  .rounded(6px);\n}\n' +
        '.fluid { font-size: clamp(1rem, 1rem + 1vw, 2rem); width: min(100% - 2rem, @gap * 100); }\n',
    }),
  );
  t.same(pkg.errors.map(formatPackageError), []);
  const out = squash(await css(pkg));
  t.match(out, '.plain { color: red; }', 'a .css file is included as it is');
  t.match(out, '.button { color: #c0ffee; margin: 16px; border-radius: 6px; }');
  t.ok(out.indexOf('.plain') < out.indexOf('.button'), "in template.conf's order");
  t.notMatch(out, '@accent', 'variables are compiled away');
  t.match(
    out,
    '.fluid { font-size: clamp(1rem, 1rem + 1vw, 2rem); width: min(100% - 2rem, 8px * 100); }',
    "CSS's own math functions are left to the browser, as calc() is",
  );
});

t.test('@import is relative to the importing file and stays inside the package', async (t) => {
  const pkg = await loadPackage(
    t,
    files(['site.less'], {
      'styles/site.less': '@import "parts/colors";\n@import "parts/layout.less";\nbody { color: @ink; }\n',
      'styles/parts/colors.less': '@ink: #111;\n',
      'styles/parts/layout.less': '@import (less) "../shared.css";\n@import "base";\n.layout { color: @ink; }\n',
      'styles/shared.css': '.shared { display: block; }\n',
      'styles/base.less': '.base { margin: 0; }\n',
    }),
  );
  t.same(pkg.errors.map(formatPackageError), []);
  const out = squash(await css(pkg));
  t.match(out, '.shared { display: block; }');
  t.match(out, '.base { margin: 0; }', 'not next to the importing file: from styles/');
  t.match(out, '.layout { color: #111; }');
  t.match(out, 'body { color: #111; }');

  const outside = await loadPackage(
    t,
    files(['site.less'], {
      'styles/site.less': 'body { color: red; }\n\n@import "../../../etc/hosts";\n',
    }),
  );
  t.equal(outside.errors.length, 1);
  t.match(
    formatPackageError(outside.errors[0]!),
    /^styles\/site\.less:3:1 LESS \w+ error: .*outside the template package/,
  );
  const template = await loadPackage(
    t,
    files(['site.less'], { 'styles/site.less': '@import (less) "../template.conf";\n' }),
  );
  t.match(
    template.errors,
    [{ code: 'UNKNOWN_IMPORT', file: 'styles/site.less', line: 1 }],
    'not a stylesheet: left out',
  );
});

t.test('tweaks: declarations are parsed, defaults compile, a website overrides them', async (t) => {
  const pkg = await loadPackage(
    t,
    files(['tweaks.less', 'site.less'], {
      'styles/tweaks.less': [
        '// tweak: { "type" : "value", "title" : "Site Width", "min" : 600, "max" : 2000 }',
        '@siteWidth: 1200px;',
        '// tweak: { "type": "color", "title": "Accent Color" }',
        '@accentColor: #336699;',
        '// tweak: { "type": "font", "title": "Body Font" }',
        '@bodyFont: Georgia, serif;',
        '// tweak: { "type": "checkbox", "title": "Hide Footer" }',
        '',
        '// tweak: { "type": "checkbox", "title": "Wide Header" }',
        '@tweak-wide-header: true;',
        '',
      ].join('\n'),
      'styles/site.less':
        '.site { max-width: @siteWidth; color: @accentColor; font-family: @bodyFont; }\n.tweak-hide-footer footer { display: none; }\n',
    }),
  );
  t.same(pkg.errors.map(formatPackageError), []);
  t.same(
    pkg.styles.tweaks.map(({ name, type, title, default: value, variable }) => ({
      name,
      type,
      title,
      value,
      variable,
    })),
    [
      { name: 'siteWidth', type: 'value', title: 'Site Width', value: '1200px', variable: 'siteWidth' },
      { name: 'accentColor', type: 'color', title: 'Accent Color', value: '#336699', variable: 'accentColor' },
      { name: 'bodyFont', type: 'font', title: 'Body Font', value: 'Georgia, serif', variable: 'bodyFont' },
      { name: 'tweak-hide-footer', type: 'checkbox', title: 'Hide Footer', value: 'false', variable: undefined },
      {
        name: 'tweak-wide-header',
        type: 'checkbox',
        title: 'Wide Header',
        value: 'true',
        variable: 'tweak-wide-header',
      },
    ],
  );
  t.same(pkg.styles.tweaks[0]?.declaration, { type: 'value', title: 'Site Width', min: 600, max: 2000 });
  t.match(squash(await css(pkg)), '.site { max-width: 1200px; color: #336699; font-family: Georgia, serif; }');

  const values = { siteWidth: '960px', accentColor: '#aa0000', 'tweak-hide-footer': true };
  t.match(squash(await css(pkg, values)), '.site { max-width: 960px; color: #aa0000; font-family: Georgia, serif; }');
  t.equal(await siteStylesheet(pkg, values), await siteStylesheet(pkg, { ...values }), 'compiled once per values');
  const effective = effectiveTweaks(pkg.styles, values);
  t.same(effective.values, {
    siteWidth: '960px',
    accentColor: '#aa0000',
    bodyFont: 'Georgia, serif',
    'tweak-hide-footer': 'true',
    'tweak-wide-header': 'true',
  });
  t.same(tweakBodyClasses(pkg.styles, effective.values), ['tweak-hide-footer', 'tweak-wide-header']);

  const sneaky = await siteStylesheet(pkg, { siteWidth: '1px; } body { color: red', nope: '1px' });
  t.equal(sneaky.css.toString('utf8'), pkg.styles.css, 'values that are not one value, or no tweak, are not used');
  t.equal(sneaky.warnings.length, 2);
  const broken = await siteStylesheet(pkg, { siteWidth: '(1px' });
  t.equal(broken.css.toString('utf8'), pkg.styles.css, 'values that do not compile: the defaults');
  t.match(broken.warnings, [/do not compile/]);
});

t.test('a malformed tweak declaration is reported where it is', async (t) => {
  const pkg = await loadPackage(
    t,
    files(['site.less'], {
      'styles/site.less': 'a { color: red; }\n  // tweak: { "type": "value", "title": }\n@w: 1px;\n',
    }),
  );
  t.match(pkg.errors.map(formatPackageError), [/^styles\/site\.less:2:6 Invalid tweak declaration: not JSON/]);
});

t.test('tweaks as Squarespace packages write them', async (t) => {
  const pkg = await loadPackage(
    t,
    files(['tweak.less', 'site.less'], {
      'styles/tweak.less': [
        '// tweak: { "label" : "Design", "title" : "tweak-site-width-option", "type" : "dropdown", "options" : [ "Full Width", "Constrained Width" ], "default" : "Full Width" }',
        '',
        '// tweak: { "label" : "Show Border", "title" : "tweak-site-border-show", "type" : "checkbox", "active" : true }',
        '',
        "// tweak: { type: 'color', title: 'Accent', target: 'body:not(.a), .b' };",
        '@accent: #123456;',
        '// tweak: { "label" : "Heading 1", "title" : "tweak-h1-font", "type" : "font" }',
        '.tweak-h1-font {',
        '  font-family: Georgia, serif;',
        '  font-size: 32px;',
        '}',
        '',
      ].join('\n'),
      'styles/site.less': [
        '@media (max-width: 640px) { @import "sqs-grid-breaker"; }',
        '@import "sqs-ui-font";',
        'h1 { font-size: @tweak-h1-font-font-size; padding: round(@tweak-h1-font-font-size / 3); color: @accent; }',
        '.icon { .sqs-ui-font(heart); }',
        '@el: ~".nav";',
        '(~"@{el}") { display: block; }',
        '',
      ].join('\n'),
    }),
  );
  t.same(
    pkg.errors.map((e) => `${e.code} ${e.file}:${e.line}:${e.column}`),
    ['UNKNOWN_IMPORT styles/site.less:1:29', 'UNKNOWN_IMPORT styles/site.less:2:1'],
    "Squarespace's own stylesheets are warnings",
  );
  t.same(
    pkg.styles.tweaks.map((tweak) => [tweak.name, tweak.type, tweak.default]),
    [
      ['tweak-site-width-option', 'dropdown', 'Full Width'],
      ['tweak-site-border-show', 'checkbox', 'true'],
      ['accent', 'color', '#123456'],
      ['tweak-h1-font', 'font', ''],
    ],
    'standalone dropdowns and checkboxes, JavaScript-style declarations, fonts',
  );
  const out = squash(await css(pkg));
  t.match(out, 'h1 { font-size: 32px; padding: 11px; color: #123456; }', "a font tweak's variables; round(a / b)");
  t.match(out, '.nav { display: block; }', "LESS 1's escaped selectors");
  const values = effectiveTweaks(pkg.styles, { 'tweak-site-width-option': 'Constrained Width' }).values;
  t.same(tweakBodyClasses(pkg.styles, values), ['tweak-site-width-option-constrained-width', 'tweak-site-border-show']);
  t.same(
    effectiveTweaks(pkg.styles, { 'tweak-site-width-option': 'Nope' }).ignored.length,
    1,
    'a dropdown takes one of its options',
  );
});

t.test('a LESS error: reported at its file:line:col; the files that compile are still served', async (t) => {
  const stylesheets = ['vars.less', 'broken.less', 'site.css'];
  const pkg = await loadPackage(
    t,
    files(stylesheets, {
      'styles/vars.less': '@ink: #222;\n',
      'styles/broken.less': '.ok { color: @ink; }\n.bad {\n  color: red;\n  .nope(;\n}\n',
      'styles/site.css': 'body { color: @ink; }\n',
    }),
  );
  t.equal(pkg.errors.length, 1);
  const error = pkg.errors[0]!;
  t.equal(error.code, 'LESS_ERROR');
  t.equal(`${error.file}:${error.line}:${error.column}`, 'styles/broken.less:4:9');
  t.match(error.snippet, '  .nope(;\n        ^');
  t.same(pkg.styles.skipped, ['styles/broken.less']);
  const out = squash(await css(pkg));
  t.match(out, 'body { color: #222; }', 'the other files compile');
  t.notMatch(out, '.ok');

  // An error in a file that was fine keeps its last good version serving.
  const dir = packageDir(t, files(['site.less'], { 'styles/site.less': '@w: 10px;\n.a { width: @w; }\n' }));
  const good = await loadTemplatePackage(dir);
  t.same(good.errors, []);
  const next = await reloadFile(good, 'styles/site.less', Buffer.from('@w: 10px;\n.a { width: @missing; }\n'));
  t.match(next.errors.map(formatPackageError), [
    /^styles\/site\.less:2:13 LESS Name error: variable @missing is undefined/,
  ]);
  t.same(next.stale, ['styles/site.less']);
  t.match(squash(await css(next)), '.a { width: 10px; }', 'the last good CSS');
  const fixed = await reloadFile(next, 'styles/site.less', Buffer.from('.a { width: 20px; }\n'));
  t.same(fixed.errors, []);
  t.match(squash(await css(fixed)), '.a { width: 20px; }');
});

t.test('a listed stylesheet missing from the package (its build makes it) is a warning and is skipped', async (t) => {
  const pkg = await loadPackage(
    t,
    files(['site.less', 'bundle.css'], { 'styles/site.less': '@c: blue;\n.a { color: @c; }\n' }),
  );
  t.match(pkg.errors, [{ code: 'UNKNOWN_STYLESHEET', file: 'template.conf' }]);
  t.equal(pkg.errors.length, 1);
  t.match(squash(await css(pkg)), '.a { color: blue; }');
});

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;

/** A copy of the default package with a tweak stylesheet listed first. */
async function tweakedDefault(t: Test, tweaks: string): Promise<string> {
  const dir = t.testdir();
  await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
  await writeFile(`${dir}/styles/tweaks.less`, tweaks);
  const confFile = `${dir}/template.conf`;
  const parsed = JSON.parse(await readFile(confFile, 'utf8')) as { stylesheets: string[] };
  parsed.stylesheets.unshift('tweaks.less');
  await writeFile(confFile, JSON.stringify(parsed, null, 2));
  return dir;
}

t.test("a website's tweak values through /site.css and the page", async (t) => {
  const dir = await tweakedDefault(
    t,
    [
      '// tweak: { "type": "value", "title": "Site Width" }',
      '@siteWidth: 1200px;',
      '// tweak: { "type": "checkbox", "title": "Hide Footer" }',
      '.tweak-marker { max-width: @siteWidth; }',
      '',
    ].join('\n'),
  );
  const { app, handle, warnings } = await openDemoApp(t, { templateDir: dir });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  const linked = async () => {
    const page = await get('/');
    t.equal(page.statusCode, 200);
    return { page, href: /href="(\/site\.css\?v=[^"]+)"/.exec(page.body)?.[1] };
  };

  const before = await linked();
  t.notMatch(before.page.body, 'tweak-hide-footer');
  t.match(squash((await get(before.href!)).body), '.tweak-marker { max-width: 1200px; }', 'the default');

  await handle.db
    .updateTable('websiteSettings')
    .set({ tweakValues: JSON.stringify({ siteWidth: '900px', 'tweak-hide-footer': true }) })
    .execute();
  const after = await linked();
  t.match(after.page.body, /<body[^>]*class="[^"]*\btweak-hide-footer\b/, 'a checkbox that is on is a body class');
  t.not(after.href, before.href, 'the stylesheet URL changes with the values');
  const tweaked = await get(after.href!);
  t.equal(tweaked.statusCode, 200);
  t.match(squash(tweaked.body), '.tweak-marker { max-width: 900px; }', "the website's value");
  t.same(
    warnings.map((w) => w.msg),
    [],
    'nothing logged',
  );
});

t.test('a LESS error: the site still serves, and jsont check reports it with file:line:col', async (t) => {
  const dir = await tweakedDefault(t, '.x {\n  color: red;\n  width: @undefinedWidth;\n}\n');
  const { app } = await openDemoApp(t, { templateDir: dir });
  const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
  t.equal(page.statusCode, 200);
  const stylesheet = await app.inject({ method: 'GET', url: '/site.css', headers: { host: 'localhost' } });
  t.equal(stylesheet.statusCode, 200);
  t.ok(stylesheet.body.length > 10_000, "the default package's own stylesheets");
  t.notMatch(stylesheet.body, '.x {');

  const lines: string[] = [];
  t.equal(await checkPackage(dir, (line) => lines.push(line), await openSnapshotDemoSite(t, dir)), 1, 'one problem');
  t.match(lines[0], /^styles\/tweaks\.less:3:10 LESS Name error: variable @undefinedWidth is undefined/);
});
