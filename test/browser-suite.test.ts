/**
 * The browser suite (test/browser), half of its files here and half in
 * browser-suite-2.test.ts, rather than in test/suites/ so that tap, which
 * starts files in the order of their paths, starts them first: the browser
 * suite is the longest, and spends much of its time waiting for pages to
 * settle, so its halves run side by side and the others beside them (.taprc).
 */
import { runSuite } from './suites/run-test-folders.ts';

runSuite('browser', { index: 0, of: 2 });
