export { DEFAULT_MAIL_FROM, type MailConfig, mailConfigFromEnv } from './mail-config.ts';
export { type MailDelivery, type MailDeliveryOptions, startMailDelivery } from './mail-delivery.ts';
export { type SendOptions, type SendResult, sendPendingMail } from './mail-sender.ts';
export { type MailTransport, type OutgoingMail, smtpTransport } from './mail-transport.ts';
export { enqueueMail, listOutbox, MAX_ATTEMPTS, type MailMessage, type OutboxEntry } from './outbox.ts';
