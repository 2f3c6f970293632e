import type { CardBrand } from '../../../../core/payments/card-number.ts';

const LABELS: Record<CardBrand, string> = {
  Visa: 'VISA',
  MasterCard: 'MC',
  AmericanExpress: 'AMEX',
  Discover: 'DISC',
  Other: '',
};

/** The brand's mark beside the number; its name is read out by the field's description. */
export function CardBrandBadge(props: { brand: CardBrand | null }) {
  if (!props.brand || props.brand === 'Other')
    return (
      <span className="card-badge card-badge--blank" aria-hidden="true">
        <svg viewBox="0 0 24 16" width="24" height="16" focusable="false">
          <rect x="0.5" y="0.5" width="23" height="15" rx="2.5" fill="none" stroke="currentColor" />
          <rect x="0.5" y="4" width="23" height="3" fill="currentColor" />
        </svg>
      </span>
    );
  return (
    <span className={`card-badge card-badge--${props.brand}`} aria-hidden="true" data-brand={props.brand}>
      {LABELS[props.brand]}
    </span>
  );
}
