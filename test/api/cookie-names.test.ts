import t from 'tap';
import { CART_COOKIE, hasVisitorCookie, SITE_USER_SESSION_COOKIE } from '../../api/cookie-names.ts';

t.test('a Cookie header names a visitor cookie only by its name', async (t) => {
  t.notOk(hasVisitorCookie(undefined));
  t.notOk(hasVisitorCookie(''));
  t.notOk(hasVisitorCookie('crumb=abc'), 'the crumb is no visitor cookie');
  t.ok(hasVisitorCookie(`crumb=abc; ${CART_COOKIE}=1`));
  t.ok(hasVisitorCookie(` ${SITE_USER_SESSION_COOKIE}=2 ;crumb=1`), 'spaces around the name');
  t.notOk(
    hasVisitorCookie(`x${CART_COOKIE}=1; crumb=${CART_COOKIE}`),
    'a longer name, or a value, that holds one is not it',
  );
  t.notOk(hasVisitorCookie(`${CART_COOKIE}=1`, CART_COOKIE), 'the one left out');
  t.ok(
    hasVisitorCookie(`${CART_COOKIE}=1; ${SITE_USER_SESSION_COOKIE}=2`, CART_COOKIE),
    'another beside the one left out',
  );
});
