import { useTranslation } from 'react-i18next';
import type { PriceTypeView } from '../../../../adapters/http/contract/performances.ts';
import { cellId, cellKey, feeId, labelId, type FeeDraft, type GridDraft } from './price-grid-draft.ts';

// The price grid, shared by a template's defaults and one performance's own prices: a row per
// price level (its name and colour) by a column per price type, amounts typed in the venue's
// currency, then the fees. Problems show beside their box (`errors`, by element id).

const NEW_FEE: FeeDraft = { name: '', scope: 'Ticket', zone: '', priceTypeId: '', amount: '', percent: '' };

export function PriceGridEditor(props: {
  draft: GridDraft;
  onChange: (draft: GridDraft) => void;
  priceTypes: readonly PriceTypeView[];
  currency: string;
  errors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('admin');
  const { draft, onChange, priceTypes, errors } = props;
  const setLevel = (i: number, change: Partial<GridDraft['levels'][number]>) =>
    onChange({ ...draft, levels: draft.levels.map((l, j) => (j === i ? { ...l, ...change } : l)) });
  const setCell = (key: string, value: string) =>
    onChange({ ...draft, cells: { ...draft.cells, [key]: value } });
  const setFee = (i: number, change: Partial<FeeDraft>) =>
    onChange({ ...draft, fees: draft.fees.map((f, j) => (j === i ? { ...f, ...change } : f)) });
  const error = (id: string) =>
    errors[id] ? (
      <span id={`${id}-error`} className="field-error">
        {errors[id]}
      </span>
    ) : null;
  const aria = (id: string) => ({
    'aria-invalid': errors[id] ? true : undefined,
    'aria-describedby': errors[id] ? `${id}-error` : undefined,
  });

  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table performances__grid" data-testid="price-grid">
          <caption>{t('performances.gridCaption', { currency: props.currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('performances.level')}</th>
              <th scope="col">{t('performances.colour')}</th>
              {priceTypes.map((type) => (
                <th scope="col" key={type.ID}>
                  {type.Name}
                  {!type.ConsumerVisible && (
                    <span className="performances__muted"> · {t('performances.staffOnly')}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {draft.levels.map((level, i) => (
              <tr key={level.zone}>
                <th scope="row">
                  <label className="performances__level">
                    <span className="performances__zone">{t('performances.zone', { zone: level.zone })}</span>
                    <input
                      id={labelId(level.zone)}
                      className="text-input"
                      value={level.label}
                      onChange={(e) => setLevel(i, { label: e.target.value })}
                      {...aria(labelId(level.zone))}
                    />
                  </label>
                  {error(labelId(level.zone))}
                </th>
                <td>
                  <input
                    type="color"
                    className="performances__colour"
                    aria-label={t('performances.colourOf', { level: level.label || level.zone })}
                    value={level.color}
                    onChange={(e) => setLevel(i, { color: e.target.value })}
                  />
                </td>
                {priceTypes.map((type) => {
                  const id = cellId(level.zone, type.ID);
                  return (
                    <td key={type.ID}>
                      <input
                        id={id}
                        className="text-input performances__amount"
                        inputMode="decimal"
                        aria-label={t('performances.priceOf', {
                          level: level.label || level.zone,
                          type: type.Name,
                        })}
                        placeholder={t('performances.notSold')}
                        value={draft.cells[cellKey(level.zone, type.ID)] ?? ''}
                        onChange={(e) => setCell(cellKey(level.zone, type.ID), e.target.value)}
                        {...aria(id)}
                      />
                      {error(id)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field-hint">{t('performances.gridHint')}</p>

      <h2>{t('performances.fees')}</h2>
      {draft.fees.length === 0 && <p className="performances__muted">{t('performances.noFees')}</p>}
      {draft.fees.map((fee, i) => (
        <fieldset className="performances__fee" key={i} data-testid="fee-row">
          <legend>{fee.name || t('performances.newFee')}</legend>
          <label>
            {t('performances.feeName')}
            <input
              id={feeId(i, 'name')}
              className="text-input"
              value={fee.name}
              onChange={(e) => setFee(i, { name: e.target.value })}
              {...aria(feeId(i, 'name'))}
            />
            {error(feeId(i, 'name'))}
          </label>
          <label>
            {t('performances.feeScope')}
            <select
              id={feeId(i, 'scope')}
              className="text-input"
              value={fee.scope}
              onChange={(e) =>
                setFee(
                  i,
                  e.target.value === 'Order'
                    ? { scope: 'Order', zone: '', priceTypeId: '' }
                    : { scope: 'Ticket' },
                )
              }
              {...aria(feeId(i, 'scope'))}
            >
              <option value="Ticket">{t('performances.perTicket')}</option>
              <option value="Order">{t('performances.perOrder')}</option>
            </select>
            {error(feeId(i, 'scope'))}
          </label>
          {fee.scope === 'Ticket' && (
            <>
              <label>
                {t('performances.feeLevel')}
                <select
                  className="text-input"
                  value={fee.zone}
                  onChange={(e) => setFee(i, { zone: e.target.value })}
                >
                  <option value="">{t('performances.allLevels')}</option>
                  {draft.levels.map((l) => (
                    <option key={l.zone} value={l.zone}>
                      {l.label || l.zone}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('performances.feeType')}
                <select
                  className="text-input"
                  value={fee.priceTypeId}
                  onChange={(e) => setFee(i, { priceTypeId: e.target.value })}
                >
                  <option value="">{t('performances.allTypes')}</option>
                  {priceTypes.map((type) => (
                    <option key={type.ID} value={String(type.ID)}>
                      {type.Name}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          <label>
            {t('performances.feeAmount', { currency: props.currency })}
            <input
              id={feeId(i, 'amount')}
              className="text-input performances__amount"
              inputMode="decimal"
              value={fee.amount}
              onChange={(e) => setFee(i, { amount: e.target.value })}
              {...aria(feeId(i, 'amount'))}
            />
            {error(feeId(i, 'amount'))}
          </label>
          <label>
            {t('performances.feePercent')}
            <input
              id={feeId(i, 'percent')}
              className="text-input performances__amount"
              inputMode="decimal"
              value={fee.percent}
              onChange={(e) => setFee(i, { percent: e.target.value })}
              {...aria(feeId(i, 'percent'))}
            />
            {error(feeId(i, 'percent'))}
          </label>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChange({ ...draft, fees: draft.fees.filter((_, j) => j !== i) })}
          >
            {t('performances.removeFee', { fee: fee.name || t('performances.newFee') })}
          </button>
        </fieldset>
      ))}
      <div className="performances__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange({ ...draft, fees: [...draft.fees, NEW_FEE] })}
        >
          {t('performances.addFee')}
        </button>
      </div>
    </>
  );
}
