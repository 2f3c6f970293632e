import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from '../../core/orders/ports.ts';

/** Our message as nodemailer takes it, from MAIL_FROM. */
export const toNodemailer = (message: MailMessage, from: string, date?: Date): SendMailOptions => ({
  from,
  ...(date ? { date } : {}),
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  attachments: message.attachments.map((a) => ({
    filename: a.filename,
    content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    contentType: a.contentType,
  })),
});
