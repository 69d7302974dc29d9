/** The other half of the browser suite's files (browser-suite.test.ts says why). */
import { runSuite } from './suites/run-test-folders.ts';

runSuite('browser', { index: 1, of: 2 });
