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
} as const;

export type AdminKey = keyof typeof adminEn;
export type AdminTable = Record<AdminKey, string>;
