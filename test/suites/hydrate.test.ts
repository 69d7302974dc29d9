/**
 * The islands' tests in one process, as the other folders run: each installs
 * its DOM as globals and puts the old ones back (test/hydrate/dom-env.ts). A
 * process per file cost five times the CPU, mostly loading happy-dom and React.
 */
import { runSuite } from './run-test-folders.ts';

runSuite('hydrate');
