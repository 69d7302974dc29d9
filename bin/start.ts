/**
 * `npm start`: the server (bin/start-server.ts), loaded through a cache of
 * its stripped TypeScript (bin/type-stripping-cache.ts) with V8's compiled
 * code kept between starts too (Node's compile cache, in the system's
 * temporary folder): a restart then strips and compiles only what changed.
 * Both apply to modules imported after them, hence the dynamic import.
 */
import './type-stripping-cache.ts';
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./start-server.ts');
