import { runSuite } from './run-test-folders.ts';

runSuite('bin');
