/** What the store hands to the outbox: one recipient, a subject, and the body as plain text and HTML. */
export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** The body holds a secret (a password reset link): the outbox keeps it only until the message is sent. */
  sensitive?: boolean;
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post for newsletter mail (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with the message (the pictures of a custom ring request, for the store only). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Markup built by `html`, marked so that nesting it in another `html` does not escape it twice. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

/**
 * A template tag that escapes every interpolated value unless it is already SafeHtml, so shopper-typed text
 * can only ever appear as text. Arrays are joined; null and undefined become nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const render = (value: unknown): string => {
    if (value === null || value === undefined || value === false) return '';
    if (value instanceof SafeHtml) return value.value;
    if (Array.isArray(value)) return value.map(render).join('');
    return escapeHtml(String(value));
  };
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}

/** The pieces an email is made of; each renders to plain text and to HTML from the same content. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Labelled values, e.g. the fields of a contact message; empty values show as a dash. */
  | { kind: 'fields'; rows: Array<[label: string, value: string | null | undefined]> }
  /** Text the shopper wrote, kept with its line breaks. */
  | { kind: 'quote'; text: string }
  /** A button-like link; the plain-text form gives the address on its own line. */
  | { kind: 'link'; label: string; href: string };

export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
export const fields = (rows: Array<[string, string | null | undefined]>): MailBlock => ({ kind: 'fields', rows });
export const quote = (text: string): MailBlock => ({ kind: 'quote', text });
export const link = (label: string, href: string): MailBlock => ({ kind: 'link', label, href });

const SIGNATURE = 'Everstone Fine Jewelry';

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value || '-'}`).join('\n');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'link':
      return `${block.label}:\n${block.href}`;
  }
}

function blockHtml(block: MailBlock): SafeHtml {
  switch (block.kind) {
    case 'paragraph':
      return html`<p style="margin:0 0 16px">${block.text}</p>`;
    case 'fields':
      return html`<table style="border-collapse:collapse;margin:0 0 16px">${block.rows.map(
        ([label, value]) =>
          html`<tr><th style="text-align:left;padding:2px 16px 2px 0;vertical-align:top">${label}</th><td style="padding:2px 0">${value || '-'}</td></tr>`,
      )}</table>`;
    case 'quote':
      return html`<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #c8b89a;white-space:pre-wrap">${block.text}</blockquote>`;
    case 'link':
      return html`<p style="margin:0 0 16px"><a href="${block.href}" style="display:inline-block;padding:10px 20px;background:#1f1f1f;color:#ffffff;text-decoration:none">${block.label}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b6b6b;word-break:break-all">${block.href}</p>`;
  }
}

/** One email in both forms, every shopper-provided value escaped in the HTML. */
export function composeMail(input: {
  to: string;
  replyTo?: string | null;
  subject: string;
  greeting?: string;
  blocks: MailBlock[];
  sensitive?: boolean;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}): OutgoingMail {
  const blocks = input.greeting ? [paragraph(input.greeting), ...input.blocks] : input.blocks;
  const text = [...blocks.map(blockText), SIGNATURE].join('\n\n') + '\n';
  const body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${input.subject}</title></head>
<body style="font-family:Georgia,'Times New Roman',serif;color:#1f1f1f;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
${blocks.map(blockHtml)}
<p style="margin:24px 0 0;color:#6b6b6b">${SIGNATURE}</p>
</body></html>
`;
  const mail: OutgoingMail = { to: input.to, replyTo: input.replyTo ?? null, subject: input.subject, text, html: body.value };
  const withHeaders: OutgoingMail = {
    ...mail,
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
  return input.sensitive ? { ...withHeaders, sensitive: true } : withHeaders;
}
