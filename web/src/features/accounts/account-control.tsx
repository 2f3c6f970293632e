import { useTranslation } from 'react-i18next';
import { AccountMenu } from './account-menu.tsx';
import { SignInControl } from './sign-in-control.tsx';
import { useAccount } from './use-account.ts';

/**
 * The header's account corner: Sign in for nobody, the account menu with the first name for a
 * customer, the staff member's name with the box office for staff.
 */
export function AccountControl() {
  const { t } = useTranslation();
  const { account, loading } = useAccount();
  // Until the first answer: a quiet placeholder of the same size, so the header does not jump.
  if (account === undefined && loading)
    return (
      <span
        className="account-control account-control--pending"
        aria-label={t('common.loading')}
        role="status"
      />
    );
  if (account?.Kind === 'staff' && account.Staff) return <AccountMenu name={account.Staff.Name} staff />;
  if (account?.SignedIn && account.Customer) return <AccountMenu name={account.Customer.FirstName} />;
  // Nobody, or the answer could not be read: signing in is what is left to offer.
  return <SignInControl />;
}
