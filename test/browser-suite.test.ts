/**
 * The browser suite (test/browser), half of its files here and half in
 * browser-suite-2.test.ts, run side by side by `npm run test:browser`, not by
 * `npm test` (.taprc): the flows a visitor clicks through in headless Chromium
 * take some 450 s of CPU, most of it the browser's, where everything else takes
 * about 220 s, and npm test is to stay under four minutes. CI runs both. Each half spends much of its
 * time waiting for pages to settle, so the two fill each other's waits.
 */
import { runSuite } from './suites/run-test-folders.ts';

runSuite('browser', { index: 0, of: 2 });
