import { Effect } from 'effect';
import { deliverGiftCertificates } from '../extras/gift-certificate-sale-actions.ts';
import { issueMemberships } from '../memberships/issue-memberships.ts';

/**
 * What follows an order paid in full, whichever way it was sold (the web checkout, the counter's
 * sale or its last payment, and the order e-mail job as the safety net): its gift certificates
 * issued and each e-mailed to its recipient, its memberships issued. Each is issued once per line,
 * so running this again issues nothing twice; a failure of one is logged and left for the e-mail
 * job's next run, never the sale's.
 */
export const followUpPaidOrder = (orderId: number) =>
  Effect.gen(function* () {
    yield* Effect.ignoreCause(deliverGiftCertificates(orderId));
    yield* Effect.ignoreCause(issueMemberships(orderId));
  });
