import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { formatAmount } from './money.ts';
import { priceMapOf } from './prices.ts';
import type { MapSeat } from './seat-model.ts';
import type { PricingData, SeriesData } from './seatmap-api.ts';
import type { Question } from './use-seat-choice.ts';

// The questions a seat may need answered before it is chosen: the
// accessible agreement (once per session, remembered by ada-acceptance.ts), a seat alert to
// acknowledge, and package or single.

export function AdaAgreementModal(props: {
  text: string | null;
  seatName: string;
  onAccept: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('seatmap.ada.title')} onClose={props.onCancel} role="alertdialog">
      <p className="modal-seat">{props.seatName}</p>
      <p>{props.text ?? t('seatmap.ada.default')}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={props.onAccept}>
          {t('seatmap.ada.accept')}
        </button>
        <button type="button" className="button button--quiet" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

export function SeatAlertModal(props: {
  alert: { Name: string; Message: string };
  seatName: string;
  onAcknowledge: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={props.alert.Name} onClose={props.onCancel} role="alertdialog">
      <p className="modal-seat">{props.seatName}</p>
      <p>{props.alert.Message}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={props.onAcknowledge}>
          {t('seatmap.alert.acknowledge')}
        </button>
        <button type="button" className="button button--quiet" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

export function PackageChoiceModal(props: {
  seat: MapSeat;
  seatName: string;
  packageIds: readonly number[];
  packages: SeriesData['Packages'];
  pricing: PricingData;
  defaultPriceTypeId: number;
  onChoose: (packageId: number | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const m = priceMapOf(props.pricing, props.seat.priceLevelId, props.defaultPriceTypeId);
  const money = (minor: number) => formatAmount(minor, props.pricing.CurrencyLocale);
  return (
    <Modal title={t('seatmap.package.title')} onClose={props.onCancel}>
      <p className="modal-seat">{props.seatName}</p>
      <ul className="package-choices">
        <li>
          <button type="button" className="package-choice" onClick={() => props.onChoose(null)}>
            <strong>{t('seatmap.package.single')}</strong>
            {m && <span>{money(m.Price)}</span>}
          </button>
        </li>
        {props.packageIds.map((id) => {
          const pack = props.packages.find((p) => p.ID === id);
          const price = m?.PackagePriceMaps.find((p) => p.PackageID === id);
          return (
            <li key={id}>
              <button type="button" className="package-choice" onClick={() => props.onChoose(id)}>
                <strong>{pack?.Name ?? t('seatmap.package.fallbackName')}</strong>
                {pack?.Description && <span className="package-choice__text">{pack.Description}</span>}
                {price && <span>{money(price.SeatsDiscountedPrice ?? price.PackageSeatsPrice)}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

/** Whichever question the chosen seat needs answered, as its modal. */
export function SeatQuestion(props: {
  question: Question;
  seatName: string;
  series: SeriesData | null;
  pricing: PricingData;
  defaultPriceTypeId: number;
  onAcceptAda: () => void;
  onAcknowledgeAlert: () => void;
  onChoosePackage: (packageId: number | null) => void;
  onCancel: () => void;
}) {
  const { question } = props;
  switch (question.kind) {
    case 'ada':
      return (
        <AdaAgreementModal
          text={props.series?.ADAAgreement ?? null}
          seatName={props.seatName}
          onAccept={props.onAcceptAda}
          onCancel={props.onCancel}
        />
      );
    case 'alert':
      return (
        <SeatAlertModal
          alert={
            props.pricing.SeatAlertValues.find((a) => a.ID === question.alertId) ?? { Name: '', Message: '' }
          }
          seatName={props.seatName}
          onAcknowledge={props.onAcknowledgeAlert}
          onCancel={props.onCancel}
        />
      );
    case 'package':
      return (
        <PackageChoiceModal
          seat={question.seat}
          seatName={props.seatName}
          packageIds={question.packageIds}
          packages={props.series?.Packages ?? []}
          pricing={props.pricing}
          defaultPriceTypeId={props.defaultPriceTypeId}
          onChoose={props.onChoosePackage}
          onCancel={props.onCancel}
        />
      );
  }
}
