import path from 'node:path';
import type { Config } from '../config.ts';
import { OutboxMailSender } from './outbox.ts';
import { SmtpMailSender } from './smtp.ts';

/** Where the default setup's mail goes: DATA_DIR/outbox. */
export const outboxDir = (config: Pick<Config, 'DATA_DIR'>): string =>
  path.resolve(config.DATA_DIR, 'outbox');

/** SMTP when SMTP_URL is set, else the outbox folder. */
export const MailSenderFromConfig = (config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>) =>
  config.SMTP_URL
    ? SmtpMailSender(config.SMTP_URL, config.MAIL_FROM)
    : OutboxMailSender(outboxDir(config), config.MAIL_FROM);
