import { Outlet } from '@tanstack/react-router';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import '../../ui/styles/forms.css';
import { CounterSaleBanner } from '../counter/sale-banner.tsx';
import { AdminHeader } from './admin-header.tsx';
import './admin.css';

/** Every /admin/... page: the staff header above the page. */
export function AdminLayout(props: { staff: StaffSummary }) {
  return (
    <div className="admin">
      <AdminHeader staff={props.staff} />
      <div className="admin__page">
        <CounterSaleBanner />
        <Outlet />
      </div>
    </div>
  );
}
