import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** One message as it leaves for an SMTP server. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where the sender hands messages; SMTP in production, anything in a test. */
export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with the server's or the network's error. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Delivery over SMTP (nodemailer) to the server SMTP_URL names. The timeouts
 * are far below nodemailer's defaults (minutes) so a silent server fails an
 * attempt well within the outbox's claim (CLAIM_SECONDS) instead of holding
 * the sender.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer is loaded with the first message: a server that sends none does not hold its ~20 MB.
  let transporter: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const connect = async () => {
    const { createTransport } = await import('nodemailer');
    return createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  };
  return {
    async send(mail) {
      transporter ??= connect();
      const info = await (await transporter).sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      // A server may take the message yet refuse its only recipient: that is not delivered.
      if (info.accepted.length === 0) throw new Error(`recipient refused: ${info.response}`);
    },
    close: () => void transporter?.then((open) => open.close()),
  };
}
