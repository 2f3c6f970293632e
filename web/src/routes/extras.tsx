import { MembershipSelectionScreen } from '../features/memberships/membership-selection-screen.tsx';
import { ProductSelectionScreen } from '../features/extras/product-selection-screen.tsx';
import { pageRoute } from './page-route.ts';
import { GiftCertificateScreen } from '../features/gift-certificates/gift-certificate-screen.tsx';

export const extrasRoutes = [
  pageRoute('/products/$eventId/selection', ProductSelectionScreen),
  pageRoute('/memberships/$etCode', MembershipSelectionScreen),
  pageRoute('/giftcertificates', GiftCertificateScreen),
  pageRoute('/memberships/$etCode/$eventSlug', MembershipSelectionScreen),
];
