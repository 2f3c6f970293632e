import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SvgData as SvgDataSchema } from '../../../../adapters/http/contract/catalogue.ts';
import { Loading } from '../../ui/loading.tsx';
import { Modal } from '../../ui/modal.tsx';
import { fetchSeatGeometry } from './best-available-api.ts';

type SvgData = z.infer<typeof SvgDataSchema>;

/** The map modal (#bestAvailableMapModal): every seat of the house, the found ones marked. */
export function SeatMapModal(props: {
  venueConfigurationId: number;
  keys: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [map, setMap] = useState<SvgData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchSeatGeometry(props.venueConfigurationId, controller.signal)
      .then(setMap)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [props.venueConfigurationId]);
  const chosen = new Set(props.keys);
  const size = map ? Math.max(map.Width, map.Height) / 200 : 1;
  return (
    <Modal title={t('bestAvailable.mapTitle')} onClose={props.onClose} className="best-available__map-modal">
      {failed && <p>{t('error.generic')}</p>}
      {!map && !failed && <Loading label={t('common.loading')} />}
      {map && (
        <svg
          className="best-available__map"
          viewBox={`0 0 ${map.Width} ${map.Height}`}
          role="img"
          aria-label={t('bestAvailable.mapLabel', { seats: props.keys.join(', ') })}
        >
          <path
            d={map.Rows.filter((r) => !chosen.has(r.key))
              .map((r) => `M${r.x} ${r.y}h0`)
              .join('')}
            stroke="#c5cbd3"
            strokeWidth={size}
            strokeLinecap="round"
          />
          <circle cx={map.FocalPoint.x} cy={map.FocalPoint.y} r={size * 4} fill="#2b2d42" />
          {map.Rows.filter((r) => chosen.has(r.key)).map((r) => (
            <circle key={r.key} className="best-available__chosen" cx={r.x} cy={r.y} r={size * 2.5}>
              <title>{r.key}</title>
            </circle>
          ))}
        </svg>
      )}
      <p className="best-available__help">{t('bestAvailable.mapLegend')}</p>
    </Modal>
  );
}
