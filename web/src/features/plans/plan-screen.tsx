import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { PlanBody, webSeller, type PlanSeller } from './plan-body.tsx';
import { slotIdOf } from './plan-purchase.ts';
import { usePlan } from './use-plan.ts';
import './plans.css';

// The plan screens: /tickets/plans/{code} lists the slots one under the other;
// /tickets/pairedplans/{code} shows a paired plan's two parts side by side. Both start at the
// seat quantity of the URL's seatQty (clamped, with the limits said), else the plan's minimum.
// /tickets/plans/{code}/{slotId} is the same screen focused on that slot. The box office's plan
// screen (staff-plan-screen.tsx) is this one with the box office as seller.

const text = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : null;

export function PlanScreen(props: {
  code: string;
  paired: boolean;
  focusSlotId?: number | null;
  seller?: PlanSeller;
}) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { seatQty?: unknown };
  const load = usePlan(props.code);
  if (load.state === 'loading') return <Loading label={t('plans.loading')} />;
  if (load.state === 'notFound' || load.state === 'failed')
    return (
      <MessagePage
        title={load.state === 'notFound' ? t('plans.notFound') : t('plans.failed')}
        body={null}
        tone="warning"
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  return (
    <PlanBody
      key={load.plan.id}
      plan={load.plan}
      inventory={load.inventory}
      seatQty={text(search.seatQty)}
      paired={props.paired}
      focusSlotId={props.focusSlotId ?? null}
      seller={props.seller ?? webSeller}
    />
  );
}

/** /tickets/plans/{seriesCode}[/{slotId}] */
export function PlansScreen() {
  const params = useParams({ strict: false }) as { seriesCode?: string; slotId?: string };
  return <PlanScreen code={params.seriesCode ?? ''} paired={false} focusSlotId={slotIdOf(params.slotId)} />;
}

/** /tickets/pairedplans/{seriesCode} and /tickets/pairedPlans/{planCode} */
export function PairedPlansScreen() {
  const params = useParams({ strict: false }) as { code?: string };
  return <PlanScreen code={params.code ?? ''} paired />;
}
