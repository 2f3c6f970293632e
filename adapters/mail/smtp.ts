import { Effect, Layer } from 'effect';
import nodemailer from 'nodemailer';
import { MailFailed, MailSender } from '../../core/orders/ports.ts';
import { toNodemailer } from './message.ts';

/** What nodemailer's SMTP errors carry besides the message. */
interface SmtpError {
  readonly message?: string;
  readonly code?: string;
  readonly responseCode?: number;
  readonly response?: string;
}

/**
 * A refusal for good is a 5xx reply (unknown mailbox, message refused); connection trouble and
 * 4xx replies (greylisting, mailbox full for now) may pass later, so the job retries them.
 */
export const mailFailure = (error: unknown): MailFailed => {
  const e = (error ?? {}) as SmtpError;
  const code = e.responseCode;
  const reason = [e.code, e.response ?? e.message].filter(Boolean).join(': ') || String(error);
  return new MailFailed({ reason, permanent: code !== undefined && code >= 500 && code < 600 });
};

/**
 * Real e-mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587, STARTTLS when the
 * server offers it; smtps:// for implicit TLS). One pooled transport per process.
 */
export const SmtpMailSender = (smtpUrl: string, from: string) =>
  Layer.effect(
    MailSender,
    Effect.acquireRelease(
      Effect.sync(() => nodemailer.createTransport(smtpUrl)),
      (transport) => Effect.sync(() => transport.close()),
    ).pipe(
      Effect.map((transport) =>
        MailSender.of({
          send: (message) =>
            Effect.tryPromise({
              try: () => transport.sendMail(toNodemailer(message, from)),
              catch: mailFailure,
            }).pipe(Effect.asVoid),
        }),
      ),
    ),
  );
