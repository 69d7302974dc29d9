/**
 * The browser suite (test/browser), here rather than in test/suites/ so that
 * tap, which starts files in the order of their paths, starts it first: it is
 * the longest suite, and the others then run beside it (.taprc).
 */
import { runSuite } from './suites/run-test-folders.ts';

runSuite('browser');
