/**
 * The owner's rich text as the site will show it (issue 23): the allow-list
 * keeps the editor's formatting and drops scripts, event handlers and
 * javascript: (and data:, vbscript:) addresses in every spelling.
 */
import t from 'tap';
import { richTextToPlain, sanitizeRichText } from '../../api/services/rich-text-sanitizer.ts';

t.test('what the editor makes passes as it is', async (t) => {
  const html =
    '<h2>Brewing</h2><p>Use <strong>22 g</strong>, <em>fresh</em>, <u>weighed</u>, <s>scooped</s>.</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>Quote</p></blockquote><p><a href="/shop">Shop</a> <a href="https://example.com/x?y=1">out</a> <a href="mailto:hi@example.com">mail</a></p><pre><code>x</code></pre><hr>';
  // Void elements come back in their XHTML form.
  t.equal(sanitizeRichText(html), html.replace('<hr>', '<hr />'));
});

t.test('scripts, handlers and script addresses never pass', async (t) => {
  const cases: [string, string][] = [
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<p onclick="steal()" onmouseover=x()>Hi</p>', '<p>Hi</p>'],
    ['<img src=x onerror="alert(1)"><p>k</p>', '<p>k</p>'],
    ['<svg onload=alert(1)><p>k</p></svg>', '<p>k</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>x</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe><style>p{}</style><p>k</p>', '<p>k</p>'],
    ['<p style="background:url(javascript:x)">k</p>', '<p>k</p>'],
    ['<form action="/x"><input name=a></form><p>k</p>', '<p>k</p>'],
  ];
  for (const [input, output] of cases) t.equal(sanitizeRichText(input), output, input);
});

t.test('links: the button look is kept, a new tab does not get the opener', async (t) => {
  t.equal(
    sanitizeRichText('<a class="button evil" href="/shop" target="_blank">Shop</a>'),
    '<a class="button" href="/shop" target="_blank" rel="noopener noreferrer">Shop</a>',
  );
  t.equal(sanitizeRichText('<a href="/x" target="_top">x</a>'), '<a href="/x">x</a>');
  t.equal(richTextToPlain('<p>Fish &amp; chips <b>&lt;3</b></p>'), 'Fish & chips <3');
});
