// The box office's words in English, the reference table for the admin area. Other languages
// fall back to it key by key (see ../index.ts). Sentences quoted in spec 000 section 5 and
// 001 are kept word for word.
export const adminEn = {
  'admin.title': 'Box office',
  'admin.comingSoon': 'The box office is coming soon',
  'admin.comingSoonBody':
    'Selling for customers, exchanges, holds and printing are not open yet in this version of Foyer.',
  'admin.backToStorefront': 'Back to the storefront',
  'admin.sellTickets': 'Sell tickets',
  'admin.basket': 'Basket',

  'bulkEdit.changePriceType': 'Change Price Type',
  'bulkEdit.selectNewPromotion': 'Select New Promotion',
  'bulkEdit.overridePrice': 'Override Price',
  'bulkEdit.removeItems': 'Remove Items',
  'bulkEdit.removeFees': 'Remove Fees',
  'bulkEdit.priceChangePending': 'There is already a price changed being processed.',
  'bulkEdit.confirmRemoveItems': 'Are you sure you want to remove these basket items from the order?',
  'bulkEdit.confirmRemoveFees':
    'Are you sure you want to remove these fees from the order? Go back to seat selection to restore any removed order fees.',
  'bulkEdit.priceTypeFailed': 'Error updating the price type on the basket',

  'exchange.basketFailed': 'Error creating exchange basket',
  'printing.failed': 'Error printing tickets',
  'error.generic': 'Error completing request',

  'outbox.title': 'Outbox',
  'outbox.intro':
    'No mail server is set up (SMTP_URL), so Foyer keeps the e-mail it would send here: order confirmations with their tickets.',
  'outbox.folder': 'The messages are .eml files in',
  'outbox.refresh': 'Refresh',
  'outbox.empty': 'No e-mail yet. When someone buys tickets, their confirmation appears here.',
  'outbox.listLabel': 'Messages',
  'outbox.count_one': '{{count}} message',
  'outbox.count_other': '{{count}} messages',
  'outbox.noSubject': '(no subject)',
  'outbox.attachmentCount_one': '{{count}} attachment',
  'outbox.attachmentCount_other': '{{count}} attachments',
  'outbox.from': 'From',
  'outbox.to': 'To',
  'outbox.date': 'Date',
  'outbox.attachments': 'Attachments',
  'outbox.bodyLabel': 'Show the message as',
  'outbox.html': 'HTML',
  'outbox.text': 'Plain text',
  'outbox.htmlTitle': 'The message as HTML',
  'outbox.download': 'Download .eml',
  'outbox.loading': 'Loading the outbox...',
  'outbox.error': 'The outbox could not be shown',
} as const;

export type AdminKey = keyof typeof adminEn;
export type AdminTable = Record<AdminKey, string>;
