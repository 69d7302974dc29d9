/** A real SMTP server on loopback for tests that read back the mail the product sends. */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** An SMTP server on loopback that keeps what it receives, or refuses every message with `refuse`. */
export async function startSmtpServer(t: Teardown, refuse?: string): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    // Plain text on loopback: with STARTTLS offered nodemailer would upgrade and reject the test certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          callback(Object.assign(new Error(refuse), { responseCode: 554 }));
          return;
        }
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}
