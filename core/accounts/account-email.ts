import type { MailMessage } from '../orders/ports.ts';
import { escapeHtml } from '../shared/escape-html.ts';

// The e-mails about an account itself. Plain words, one link each; no attachments.

const message = (
  to: string,
  subject: string,
  paragraphs: readonly string[],
  link: { text: string; url: string },
): MailMessage => ({
  to,
  subject,
  text: [...paragraphs, `${link.text}: ${link.url}`].join('\n\n'),
  html: [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`,
  ].join('\n'),
  attachments: [],
});

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export const passwordResetEmail = (to: { email: string; name: string }, link: string): MailMessage =>
  message(
    to.email,
    'Reset your password',
    [
      greeting(to.name),
      'Someone asked to reset the password of the account that uses this e-mail address. If it was you, choose a new password with the link below. It works once, within an hour.',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { text: 'Choose a new password', url: link },
  );

export const alreadyRegisteredEmail = (
  to: { email: string; name: string },
  signInLink: string,
): MailMessage =>
  message(
    to.email,
    'You already have an account',
    [
      greeting(to.name),
      'Someone tried to create an account with this e-mail address, which already has one. If it was you, sign in instead; if you forgot your password, the sign-in page can send you a link to choose a new one.',
      'If it was not you, ignore this e-mail: nothing has changed.',
    ],
    { text: 'Sign in', url: signInLink },
  );
