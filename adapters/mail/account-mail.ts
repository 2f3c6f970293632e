import { Effect, Layer } from 'effect';
import { alreadyRegisteredEmail, passwordResetEmail } from '../../core/accounts/account-email.ts';
import { AccountMail } from '../../core/accounts/ports.ts';
import { MailSender, type MailMessage } from '../../core/orders/ports.ts';

// Account e-mails go out at once through the same sender as order e-mails (SMTP or the outbox).
// A failure is logged, never answered: the answer must not differ for an address with an account.
export const AccountMailFromSender = Layer.effect(
  AccountMail,
  Effect.gen(function* () {
    const sender = yield* MailSender;
    const send = (message: MailMessage) =>
      sender
        .send(message)
        .pipe(Effect.catch((failure) => Effect.logWarning(`account e-mail not sent: ${failure.reason}`)));
    return {
      passwordReset: (to, link) => send(passwordResetEmail(to, link)),
      alreadyRegistered: (to, link) => send(alreadyRegisteredEmail(to, link)),
    };
  }),
);
