/**
 * The signed unsubscribe link (api/services/unsubscribe-links.ts): a token
 * reads back as its address for its website and secret only, and any edit
 * to it is refused; the headers are RFC 8058's.
 */
import t from 'tap';
import {
  listUnsubscribeHeaders,
  readUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from '../../api/services/unsubscribe-links.ts';

const SECRET = 'unsubscribe-secret-0123456789abcdef0123456789';
const token = unsubscribeToken(SECRET, 'site-1', ' Ada@Example.com ');

t.equal(readUnsubscribeToken(SECRET, 'site-1', token), 'ada@example.com', 'the address, in lower case');
t.equal(token, unsubscribeToken(SECRET, 'site-1', 'ada@example.com'), 'one token per address however typed');
t.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/, 'URL-safe as it stands');

const [address, signature] = token.split('.') as [string, string];
const refused: Array<[string, string, string, string]> = [
  ['another website', SECRET, 'site-2', token],
  ['another secret', `${SECRET}x`, 'site-1', token],
  [
    'another address, same signature',
    SECRET,
    'site-1',
    `${Buffer.from('eve@example.com').toString('base64url')}.${signature}`,
  ],
  [
    'a changed signature',
    SECRET,
    'site-1',
    `${address}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
  ],
  ['no signature', SECRET, 'site-1', address],
  ['an upper-case address', SECRET, 'site-1', `${Buffer.from('ADA@example.com').toString('base64url')}.${signature}`],
  ['empty', SECRET, 'site-1', ''],
  ['too long', SECRET, 'site-1', `${'a'.repeat(600)}.${signature}`],
];
for (const [name, secret, websiteId, sent] of refused) {
  t.equal(readUnsubscribeToken(secret, websiteId, sent), undefined, name);
}

const url = unsubscribeUrl('https://shop.example', token);
t.equal(url, `https://shop.example/newsletter/unsubscribe?token=${token}`);
t.same(listUnsubscribeHeaders(url), {
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
