// The consumer storefront's words in English: the reference table. Every other language is
// merged over it, so a key missing there falls back to this text (see ../index.ts).
// Keys are flat ("area.thing"); values use i18next interpolation ({{name}}) and plural
// suffixes (_one, _other). Sentences in quotes in the spec are kept word for word.
export const consumerEn = {
  'app.name': 'Foyer',
  'app.tagline': 'Tickets for live performances',
  'a11y.skipToContent': 'Skip to main content',
  'nav.label': 'Main',
  'nav.home': 'Foyer, go to What’s on',
  'nav.whatsOn': 'What’s on',
  'nav.basket': 'Basket',
  'nav.account': 'Account',
  'nav.breadcrumb': 'Breadcrumb',
  'footer.label': 'Site information',
  'footer.copyright': '© {{year}} Foyer ticketing',
  'footer.language': 'Language',

  'common.loading': 'Loading…',
  'common.retry': 'Try again',
  'common.backToWhatsOn': 'Back to What’s on',
  'error.title': 'Something went wrong',
  'error.network': 'We could not reach Foyer. Check your connection and try again.',
  'error.generic': 'Error completing request',

  'home.title': 'What’s on',
  'home.intro': 'Choose a show, then pick your date and seats.',
  'home.loading': 'Loading what’s on…',
  'home.empty': 'Nothing is on sale right now. Please check back soon.',
  'home.error': 'We could not load what’s on.',
  'home.nextDates': 'Next dates',
  'home.seeDates': 'Dates and tickets',
  'home.seeDatesFor': 'Dates and tickets for {{series}}',

  'series.loading': 'Loading dates…',
  'series.upcoming': 'Upcoming dates',
  'series.dateCount_one': '{{count}} upcoming date',
  'series.dateCount_other': '{{count}} upcoming dates',
  'series.noDates': 'There are no upcoming dates for this show.',
  'series.error': 'We could not load this show.',
  'series.notFoundTitle': 'Show not found',
  'series.notFoundBody': 'We could not find a show with the code {{code}}.',
  'series.chooseSeats': 'Choose seats',
  'series.onSaleFrom': 'On sale {{date}}',
  'series.presale': 'Presale',
  'series.calendarNote': 'Pick a date to choose your seats.',

  'availability.High': 'Good availability',
  'availability.Medium': 'Selling well',
  'availability.Low': 'Few seats left',
  'availability.SoldOut': 'Sold out',

  'notFound.title': 'Page not found',
  'notFound.body':
    'We could not find the page you asked for. It may have moved, or the address may be mistyped.',
  'notFound.home': 'Go to What’s on',

  'comingSoon.body': 'This part of Foyer is not open yet. In the meantime you can browse what’s on.',
  'comingSoon.backToSeries': 'Back to the show’s dates',
  'comingSoon.seatSelection': 'Seat selection is coming soon',
  'comingSoon.bestAvailable': 'Best available seats are coming soon',
  'comingSoon.plans': 'Event plans are coming soon',
  'comingSoon.pairedPlans': 'Paired plans are coming soon',
  'comingSoon.webTickets': 'Web tickets are coming soon',
  'comingSoon.membershipCard': 'Membership cards are coming soon',
  'comingSoon.products': 'Add-ons are coming soon',
  'comingSoon.memberships': 'Memberships are coming soon',
  'comingSoon.basket': 'The basket is coming soon',
  'comingSoon.checkout': 'Checkout is coming soon',
  'comingSoon.orderConfirmation': 'Order confirmations are coming soon',
  'comingSoon.paymentLinks': 'Payment links are coming soon',
  'comingSoon.account': 'Customer accounts are coming soon',

  'basketExpired.title': 'Your basket has expired',
  'basketExpired.body':
    'Seats are held for a limited time, and yours have been released so that others can book them.',
  'basketExpired.again': 'Find your show again',
  'checkoutError.title': 'We could not complete your checkout',
  'checkoutError.body':
    'Something went wrong while processing your order. Please try again from your basket.',
  'checkoutError.basket': 'Go to your basket',
  'orderUnauthorized.title': 'You cannot view this order',
  'orderUnauthorized.body':
    'This order belongs to another account, or the link has expired. Log in with the account that placed it.',
  'paymentUnauthorized.title': 'This payment link cannot be used',
  'paymentUnauthorized.body':
    'The link may have expired or already been used. Please contact the box office for a new one.',

  // Spec 000/001 wording, used by later screens.
  'basket.loading': 'Loading basket...',
  'basket.updating': 'Updating basket...',
  'promo.presaleEmpty': 'Presale Code is empty',
  'plans.quantityRange': 'Minimum guest quantity is {{min}} and maximum guest quantity is {{max}}.',
  'payment.noGroupSales': 'No group sales information found.',
  'worldPay.redirectIn_one': 'Redirecting in {{count}} second...',
  'worldPay.redirectIn_other': 'Redirecting in {{count}} seconds...',
} as const;

export type ConsumerKey = keyof typeof consumerEn;
export type ConsumerTable = Record<ConsumerKey, string>;
