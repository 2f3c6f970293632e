// The product selection page (web/src/features/extras/) and the web tickets page
// (web/src/features/web-tickets/).

export const extrasEn = {
  'productSelection.title': 'Add-ons for your visit',
  'productSelection.loading': 'Loading add-ons...',
  'productSelection.loadError': 'The add-ons could not be loaded',
  'productSelection.intro': 'Choose how many of each you would like, then add them to your basket.',
  'productSelection.none': 'This performance has no add-ons to buy.',
  'productSelection.each': '{{price}} each',
  'productSelection.left_one': '{{count}} left',
  'productSelection.left_other': '{{count}} left',
  'productSelection.soldOut': 'Sold out',
  'productSelection.quantityOf': 'Quantity of {{item}}',
  'productSelection.less': 'One {{item}} fewer',
  'productSelection.more': 'One more {{item}}',
  'productSelection.total': 'Total: {{amount}}',
  'productSelection.add': 'Add to basket',
  'productSelection.adding': 'Adding...',
  'productSelection.chooseFirst': 'Choose at least one add-on first.',
  'productSelection.back': 'Back to the seats',
  'webTickets.title': 'Your tickets',
  'webTickets.loading': 'Loading your tickets...',
  'webTickets.loadError': 'Your tickets could not be loaded',
  'webTickets.notYours': 'These tickets belong to another order. Open the link in your order e-mail.',
  'webTickets.notFound': 'There are no tickets here. Check the link in your order e-mail.',
  'webTickets.order': 'Order {{name}}',
  'webTickets.offline': 'You are offline: these are the tickets saved when this page was last opened.',
  'webTickets.ticketOf': 'Ticket {{n}} of {{count}}',
  'webTickets.section': 'Section',
  'webTickets.row': 'Row',
  'webTickets.seat': 'Seat',
  'webTickets.generalAdmission': 'General admission',
  'webTickets.barcode': 'Barcode {{barcode}}',
  'webTickets.showAtDoor': 'Show this code at the door. Turn your screen brightness up.',
  'webTickets.otherEvents': 'Your other performances in this order',
  'webTickets.keepLink': 'Keep this page: it opens on any phone, signed in or not.',
} as const;

export type ExtrasKey = keyof typeof extrasEn;
export type ExtrasTable = Record<ExtrasKey, string>;
