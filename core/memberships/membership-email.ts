import type { MailMessage } from '../orders/ports.ts';

// The membership e-mail: to the member (the buyer for oneself, the recipient of a gift), with
// the card's link /tickets/membership/{id}/customer/{customerId}.

export interface MembershipEmailFacts {
  readonly to: string;
  readonly memberName: string;
  readonly membershipName: string;
  readonly priceLevelName: string;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly cardUrl: string;
  /** A gift: who gave it, and their message. */
  readonly giverName: string | null;
  readonly message: string | null;
}

export const cardPath = (membershipId: number, customerId: number): string =>
  `/tickets/membership/${membershipId}/customer/${customerId}`;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const membershipEmail = (facts: MembershipEmailFacts): MailMessage => {
  const gift = facts.giverName !== null;
  const subject = gift
    ? `${facts.giverName} gave you a membership: ${facts.membershipName}`
    : `Your membership: ${facts.membershipName}`;
  const what = `${facts.membershipName} (${facts.priceLevelName}), from ${facts.startsOn} to ${facts.endsOn}`;
  const lines = [
    `Dear ${facts.memberName},`,
    '',
    gift ? `${facts.giverName} gave you a membership: ${what}.` : `Welcome! Your membership: ${what}.`,
    ...(facts.message ? ['', facts.message, ''] : []),
    `Your membership card: ${facts.cardUrl}`,
    'Sign in with this e-mail address to see member prices.',
    '',
    'The box office',
  ];
  const e = escapeHtml;
  return {
    to: facts.to,
    subject,
    text: lines.join('\n') + '\n',
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:sans-serif">
<p>Dear ${e(facts.memberName)},</p>
<p>${gift ? `${e(facts.giverName!)} gave you a membership: ` : 'Welcome! Your membership: '}<strong>${e(what)}</strong>.</p>
${facts.message ? `<blockquote>${e(facts.message)}</blockquote>` : ''}
<p><a href="${e(facts.cardUrl)}">Your membership card</a></p>
<p>Sign in with this e-mail address to see member prices.</p>
<p style="color:#555">The box office</p>
</body></html>
`,
    attachments: [],
  };
};
