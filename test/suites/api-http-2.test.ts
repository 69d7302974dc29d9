/** The other half of the HTTP tests' files (api-http.test.ts says why). */
import { runSuite } from './run-test-folders.ts';

runSuite('api-http', { index: 1, of: 2 });
