/**
 * The HTTP tests, half of their files here and half in api-http-2.test.ts: as
 * one suite they were the longest of `npm test` by far, and it waited on them.
 */
import { runSuite } from './run-test-folders.ts';

runSuite('api-http', { index: 0, of: 2 });
