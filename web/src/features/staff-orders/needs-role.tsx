import { useTranslation } from 'react-i18next';
import { lowestRoleThatMay } from '../staff/lowest-role.ts';
import { roleName } from '../staff/role-name.ts';

/**
 * Beside the order's disabled actions: whom to ask for them ("Refunds and cancellations: ask
 * your Box-office supervisor"), the lowest role that may (lowest-role.ts). The ids are what the
 * disabled buttons of order-screen.tsx point to with aria-describedby.
 */
export function NeedsRole(props: { show: { readonly refund: boolean; readonly exchange: boolean } }) {
  const { t } = useTranslation('admin');
  const lines = (['refund', 'exchange'] as const).flatMap((permission) => {
    const role = lowestRoleThatMay(permission);
    return props.show[permission] && role ? [{ permission, role: roleName(t, role) }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="staff-order__needs-role" data-testid="order-needs-role">
      {lines.map(({ permission, role }) => (
        <li key={permission} id={`order-needs-${permission}`}>
          {t(`staffOrders.needsRole.${permission}`, { role })}
        </li>
      ))}
    </ul>
  );
}
