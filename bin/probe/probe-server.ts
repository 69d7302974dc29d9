/**
 * The server under probe: `bin/start.ts` run the way `npm start` runs it,
 * as a child process on the embedded database in a fresh temporary data
 * folder, on a free loopback port. A child rather than buildApp in-process,
 * so a crash or a blocked event loop shows as what it is. It gets its own
 * process group, so stopping it also stops the node process tsx starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROBE_LIMITS } from './limits.ts';

export interface LoggedError {
  text: string;
  count: number;
}

export class ProbeServer {
  readonly dataDir: string;
  private child: ChildProcess | undefined;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly errors = new Map<string, number>();
  private readonly tail: string[] = [];
  private pending = '';

  readonly root: string;
  readonly port: number;
  private constructor(root: string, port: number) {
    this.root = root;
    this.port = port;
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), 'sitebuilder-probe-'));
  }

  static async start(root: string): Promise<ProbeServer> {
    const server = new ProbeServer(root, await freePort());
    server.spawn();
    try {
      await server.waitUntilAnswering();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  get alive(): boolean {
    return this.child !== undefined && this.exit === undefined;
  }

  /** How the process ended, when it did. */
  get exitDescription(): string | undefined {
    if (!this.exit) return undefined;
    return this.exit.signal ? `killed by ${this.exit.signal}` : `exited with code ${this.exit.code}`;
  }

  /** Errors the server logged, grouped by message (pino JSON lines at level error and above). */
  loggedErrors(): LoggedError[] {
    return [...this.errors].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count);
  }

  /** The last lines it printed that were not log records (a crash's stack ends up here). */
  outputTail(): string[] {
    return [...this.tail];
  }

  private spawn(): void {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      // The probe is the proxy in front: its X-Forwarded-For names each simulated visitor (client-addresses.ts).
      TRUST_PROXY: '127.0.0.1',
    };
    // The embedded database, whatever the shell that runs the probe points at.
    delete env.DATABASE_URL;
    delete env.TEMPLATE_DIR;
    delete env.TEMPLATES_ROOT;
    const child = spawn(path.join(this.root, 'node_modules/.bin/tsx'), ['bin/start.ts'], {
      cwd: this.root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
    });
    child.stdout?.on('data', (chunk: Buffer) => this.takeOutput(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.takeOutput(chunk));
    // If the probe itself dies, the server must not outlive it. The server has its own process
    // group, so a Ctrl-C reaches only the probe: signals become an exit, which runs this.
    process.once('exit', () => {
      this.killGroup('SIGKILL');
      rmSync(this.dataDir, { recursive: true, force: true });
    });
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const) {
      process.once(signal, () => process.exit(code));
    }
  }

  private takeOutput(chunk: Buffer): void {
    const lines = (this.pending + chunk.toString('utf8')).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.takeLine(line);
  }

  private takeLine(line: string): void {
    if (line.trim() === '') return;
    let record: { level?: unknown; msg?: unknown; err?: { type?: unknown; message?: unknown; code?: unknown } };
    try {
      record = JSON.parse(line);
    } catch {
      this.tail.push(line);
      if (this.tail.length > 40) this.tail.shift();
      return;
    }
    if (typeof record.level !== 'number' || record.level < 50) return;
    const err = record.err;
    const detail = err
      ? `${String(err.type ?? 'Error')}${err.code ? ` ${String(err.code)}` : ''}: ${String(err.message ?? '')
          .split('\n')[0]!
          .slice(0, 200)}`
      : '';
    const text = `${String(record.msg ?? '')}${detail ? ` — ${detail}` : ''}`;
    this.errors.set(text, (this.errors.get(text) ?? 0) + 1);
  }

  private async waitUntilAnswering(): Promise<void> {
    const deadline = Date.now() + PROBE_LIMITS.startupTimeoutMs;
    while (Date.now() < deadline) {
      if (!this.alive) {
        throw new Error(`the server stopped while starting (${this.exitDescription}):\n${this.tail.join('\n')}`);
      }
      if ((await this.homeStatus()) === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server did not answer GET / within ${PROBE_LIMITS.startupTimeoutMs / 1000} s`);
  }

  /** GET / on a fresh connection; undefined when nothing answers in time. */
  homeStatus(): Promise<number | undefined> {
    return new Promise((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port: this.port, path: '/', agent: false, timeout: PROBE_LIMITS.requestTimeoutMs },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
          response.on('error', () => resolve(undefined));
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(undefined));
    });
  }

  /** SIGTERM, then SIGKILL after the grace period; removes the data folder. */
  async stop(): Promise<void> {
    if (this.child && !this.exit) {
      const exited = new Promise<void>((resolve) => this.child!.once('exit', () => resolve()));
      this.killGroup('SIGTERM');
      const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), PROBE_LIMITS.stopGraceMs));
      if ((await Promise.race([exited, timer])) === 'late') {
        this.killGroup('SIGKILL');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
    }
    // tsx's own node process may still be ending after the wrapper exited.
    this.killGroup('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  }
}

/** A port nothing listens on now: the kernel picks one, the probe closes it and hands it to the server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
