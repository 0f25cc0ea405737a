/** Mail's public face: composing a message, queueing it with the record it is about, and the tools' transports. */
export { composeMail, escapeHtml, fields, html, link, paragraph, quote, type MailAttachment, type MailBlock, type OutgoingMail } from './compose.ts';
export { setupMail, type MailQueue, type MailSetupOptions } from './setup.ts';
export { createMailDispatcher } from './dispatcher.ts';
export { openOutbox, SCRUBBED_BODY } from './repository.ts';
export { createMailTransport } from './transport.ts';
