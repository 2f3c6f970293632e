// Group-sales payment links' words in English (/payment/paymentlink, /payment/processing,
// /payment/confirmation/{paymentId}) and the house-seat link: merged into the consumer table
// (./en.ts). 'No group sales information found.' and the House Seat failure are the product's
// fixed wording.
export const paymentLinksEn = {
  'paymentLink.title': 'Group payment',
  'paymentLink.missing': 'No group sales information found.',
  'paymentLink.loading': 'Loading your payment…',
  'paymentLink.loadFailed': 'We could not load this payment. Please try again.',
  'paymentLink.for': 'Payment requested for {{name}}',
  'paymentLink.deposit': 'Deposit',
  'paymentLink.balance': 'Balance',
  'paymentLink.amountDue': 'Amount due',
  'paymentLink.yourDetails': 'Your details',
  'paymentLink.card': 'Card',
  'paymentLink.pay': 'Pay {{amount}}',
  'paymentLink.paying': 'Paying…',
  'paymentLink.payWithWorldPay': 'Pay with WorldPay',
  'paymentLink.alreadyPaid': 'This payment has already been made.',
  'paymentLink.viewConfirmation': 'View the confirmation',
  'paymentLink.cancelled': 'This payment request has been cancelled. Please contact the box office.',
  'paymentLink.declined': 'Your card was declined. Please try another card.',
  'paymentLink.failed': 'Your payment could not be made. Nothing was charged. Please try again.',
  'paymentLink.network': 'We could not reach the box office. Please check your connection and try again.',
  'paymentLink.authCancelled': 'Card authentication was not completed. Nothing was charged.',
  'paymentLink.fixFields': 'Please check the highlighted fields.',
  'paymentLink.processing': 'Processing your payment…',
  'paymentLink.processingFailed': 'Your WorldPay payment could not be completed.',
  'paymentLink.backToPayment': 'Back to the payment',
  'paymentLink.confirmed.title': 'Payment received',
  'paymentLink.confirmed.body': 'Thank you, {{name}}. We have received {{amount}} for {{description}}.',
  'paymentLink.confirmed.card': '{{brand}} ending {{last4}}',
  'paymentLink.confirmed.reference': 'Payment reference {{id}}',
  'houseSeats.title': 'House seats',
  'houseSeats.loading': 'Putting your house seats in your basket…',
  'houseSeats.failed':
    'Sorry we could not complete your order. Please contact your House Seat Manager for more details.',
} as const;

export type PaymentLinksTable = Record<keyof typeof paymentLinksEn, string>;
