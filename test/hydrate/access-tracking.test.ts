/**
 * Click tracking of lesson, paywall and access-denied pages (spec sections
 * 2 and 7, issue 18) in happy-dom: each event reaches the sink with the
 * tracker's event name and the spec's newer event fields (object_identifier,
 * destination_url, member_account_id); the no-op sink is the default; and
 * through startAnalytics, the access-denied page (never counted, click
 * tracking only) sends its clicks to the events path and no page view, and
 * only with a census cookie.
 */
import { Window } from 'happy-dom';
import t from 'tap';
import {
  type AccessEvent,
  type AccessEventSink,
  NO_OP_SINK,
  startAccessTracking,
} from '../../hydrate/analytics/access-tracking.ts';
import { startAnalytics } from '../../hydrate/analytics/start-analytics.ts';
import { RECORD_EVENT_PATH, TRACKING_EVENTS } from '../../hydrate/analytics/tracking-events.ts';

function page(url: string, html: string) {
  const window = new Window({ url });
  t.teardown(() => window.happyDOM.close());
  window.document.body.innerHTML = html;
  return { window, document: window.document as unknown as Document, view: window as unknown as globalThis.Window };
}

function recorder() {
  const calls: Array<{ event: AccessEvent; fields: Record<string, unknown> }> = [];
  const sink: AccessEventSink = { track: (event, fields) => calls.push({ event, fields }) };
  return { calls, sink };
}

const click = (element: Element | null) => {
  if (!element) throw new Error('nothing to click');
  (element as HTMLElement).click();
};

t.test('every access event is one of the tracker’s events', async (t) => {
  for (const event of ['gated_content_view', 'lesson_view', 'lesson_complete', 'paywall_view', 'paywall_click']) {
    t.ok((TRACKING_EVENTS as readonly string[]).includes(event), event);
  }
});

t.test('a paywall product page: the paywall view, then the buy button’s click', async (t) => {
  const { document, view } = page(
    'https://shop.example/shop/notebook',
    `<div data-track-view="paywall_view" data-track-object="p1">
       <p>Buying it opens the course.</p>
       <p><a class="button" href="/account/sign-up?return=/shop/notebook" data-track-click="paywall_click" data-track-object="p1">Create an account to buy</a>
       <a href="/account/sign-in">Sign in</a></p>
       <div data-track-click="paywall_click" data-track-object="p1"><span class="label">Add</span><button type="button">Add To Cart</button></div>
     </div>`,
  );
  const { calls, sink } = recorder();
  const stop = startAccessTracking(view, { pageType: 50, itemId: 'p1', collectionId: 'shop', recordType: 11 }, sink);
  t.same(calls, [{ event: 'paywall_view', fields: { object_identifier: 'p1' } }]);

  document.querySelector('a.button')!.addEventListener('click', (event) => event.preventDefault());
  click(document.querySelector('a.button'));
  t.same(calls[1], {
    event: 'paywall_click',
    fields: {
      object_identifier: 'p1',
      destination_url: 'https://shop.example/account/sign-up?return=/shop/notebook',
    },
  });
  document.querySelector('a[href="/account/sign-in"]')!.addEventListener('click', (event) => event.preventDefault());
  click(document.querySelector('a[href="/account/sign-in"]'));
  click(document.querySelector('.label'));
  t.equal(calls.length, 2, 'an unmarked link, or the text beside a marked button, is no click of the paywall');
  click(document.querySelector('button'));
  t.same(calls[2], { event: 'paywall_click', fields: { object_identifier: 'p1' } }, 'the add-to-cart button');

  stop();
  click(document.querySelector('button'));
  t.equal(calls.length, 3, 'stopped');
});

t.test('a lesson shown to a member: gated content and lesson views, and the lesson’s end', async (t) => {
  const { document, view } = page(
    'https://shop.example/course/lesson-2',
    `<article class="lesson"><p>First crack</p></article>
     <nav><a class="button" href="/course/lesson-3" data-track-click="lesson_complete" data-track-object="l2">Next lesson</a></nav>`,
  );
  const { calls, sink } = recorder();
  startAccessTracking(view, { pageType: 105, itemId: 'l2', collectionId: 'course', recordType: 62 }, sink, 'u7');
  t.same(calls, [
    { event: 'gated_content_view', fields: { object_identifier: 'l2', member_account_id: 'u7' } },
    { event: 'lesson_view', fields: { object_identifier: 'l2', member_account_id: 'u7' } },
  ]);
  document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
  click(document.querySelector('a'));
  t.same(calls[2], {
    event: 'lesson_complete',
    fields: {
      object_identifier: 'l2',
      destination_url: 'https://shop.example/course/lesson-3',
      member_account_id: 'u7',
    },
  });

  const list = recorder();
  startAccessTracking(view, { pageType: 105, itemId: null, collectionId: 'course', recordType: null }, list.sink);
  t.same(list.calls, [{ event: 'gated_content_view', fields: { object_identifier: 'course' } }], 'a course’s list');
  const open = recorder();
  startAccessTracking(view, { pageType: 50, itemId: 'post', collectionId: 'journal', recordType: 1 }, open.sink);
  t.same(open.calls, [], 'an open post is no gated content');
});

t.test('the access-denied page’s join button posts its form; an unknown event name is ignored', async (t) => {
  const { document, view } = page(
    'https://shop.example/circle/post',
    `<form method="post"><button type="submit" data-track-click="paywall_click" data-track-object="c1">Join</button></form>
     <a href="/x" data-track-click="made_up" data-track-object="c1">Other</a>`,
  );
  document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
  const { calls, sink } = recorder();
  startAccessTracking(view, { pageType: 106, itemId: null, collectionId: 'c1', recordType: null }, sink);
  t.same(calls, [], 'no view events on the denied page');
  click(document.querySelector('button'));
  t.same(calls, [
    {
      event: 'paywall_click',
      fields: { object_identifier: 'c1', destination_url: 'https://shop.example/circle/post' },
    },
  ]);
  document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
  click(document.querySelector('a'));
  t.equal(calls.length, 1);
});

t.test('the no-op sink is the default', async (t) => {
  const { document, view } = page(
    'https://shop.example/course/lesson-2',
    `<a href="/next" data-track-click="lesson_complete" data-track-object="l2">Next</a>`,
  );
  t.doesNotThrow(() => startAccessTracking(view, { pageType: 105, itemId: 'l2', collectionId: 'c', recordType: 62 }));
  document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
  t.doesNotThrow(() => click(document.querySelector('a')));
  t.doesNotThrow(() => NO_OP_SINK.track('paywall_click', { object_identifier: 'x' }));
});

t.test('through startAnalytics: the denied page sends its clicks to the tracker, no page view', async (t) => {
  const denied = (cookie: string) => {
    const built = page(
      'https://shop.example/circle/post',
      `<script type="module" data-analytics='{"websiteId":"w1","templateId":"default","locale":"en-US","pageType":106,"itemId":null,"collectionId":"c1","recordType":null,"restrictive":false,"clicksOnly":true}'></script>
       <a class="button" href="/account/sign-up?return=/circle/post" data-track-click="paywall_click" data-track-object="c1">Join</a>`,
    );
    built.document.cookie = cookie;
    const sent: Array<{ url: string; body: URLSearchParams | Blob }> = [];
    (built.view.navigator as Navigator & { sendBeacon: unknown }).sendBeacon = (url: string, body: URLSearchParams) => {
      sent.push({ url, body });
      return true;
    };
    built.view.fetch = (async () => new Response('{}')) as typeof fetch;
    startAnalytics(built.view);
    built.document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    click(built.document.querySelector('a'));
    return sent;
  };

  const sent = denied('ss_cvr=visitor-1; crumb=c1');
  t.same(
    sent.map((call) => call.url),
    [RECORD_EVENT_PATH],
    'one call, the click: no census hit, no visit, no performance records',
  );
  const body = sent[0]!.body as URLSearchParams;
  t.equal(body.get('event'), 'paywall_click');
  const data = JSON.parse(body.get('data') ?? '{}');
  t.equal(data.object_identifier, 'c1');
  t.equal(data.destination_url, 'https://shop.example/account/sign-up?return=/circle/post');
  t.equal(data.context_website_id, 'w1');
  t.equal(data.page_path, '/circle/post');

  t.same(denied('crumb=c1'), [], 'without a census cookie nothing is sent');
});
