import { randomBytes } from 'node:crypto';

// An Apple Pay payment token shaped as Apple Pay JS hands it to onpaymentauthorized
// (ApplePayPaymentToken): EC_v1 payment data (random bytes where Apple's encrypted card and
// signature would be), the wallet's card name and network, the transaction id. Nothing can
// decrypt it: the stand-ins and the offline processor read the card from the display name.

export interface ApplePayTestToken {
  readonly paymentData: {
    readonly version: 'EC_v1';
    readonly data: string;
    readonly signature: string;
    readonly header: {
      readonly ephemeralPublicKey: string;
      readonly publicKeyHash: string;
      readonly transactionId: string;
    };
  };
  readonly paymentMethod: { readonly displayName: string; readonly network: string; readonly type: string };
  readonly transactionIdentifier: string;
}

export const applePayTestToken = (displayName = 'Visa 4242', network = 'Visa'): ApplePayTestToken => {
  const transactionId = randomBytes(32).toString('hex');
  return {
    paymentData: {
      version: 'EC_v1',
      data: randomBytes(240).toString('base64'),
      signature: randomBytes(1200).toString('base64'),
      header: {
        ephemeralPublicKey: randomBytes(91).toString('base64'),
        publicKeyHash: randomBytes(32).toString('base64'),
        transactionId,
      },
    },
    paymentMethod: { displayName, network, type: 'credit' },
    transactionIdentifier: transactionId.toUpperCase(),
  };
};
