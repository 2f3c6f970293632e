import { useEffect, useState } from 'react';
import { readTypedAmount } from '../../../../core/shared/typed-amount.ts';
import { useTranslation } from 'react-i18next';
import type { PaymentRequestView } from '../../../../adapters/http/contract/payment-links.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { moneyOf } from './money.ts';
import { cancelPaymentRequest, createPaymentRequest, fetchPaymentRequests } from './payment-links-api.ts';
import './payment-links.css';

// /admin/v2/payment-requests: staff who may sell ask a group for a deposit or its balance, copy
// the link to send it, and see which requests are paid.

interface Draft {
  CustomerName: string;
  CustomerEmail: string;
  Description: string;
  Kind: 'deposit' | 'balance';
  Amount: string;
  Currency: string;
}

const emptyDraft: Draft = {
  CustomerName: '',
  CustomerEmail: '',
  Description: '',
  Kind: 'deposit',
  Amount: '',
  Currency: 'USD',
};

/** '250', '250.5' or '250,50' as minor units; NaN when it is not an amount (the server names the field). */
export const minorUnitsOf = (text: string): number => readTypedAmount(text) ?? Number.NaN;

export function PaymentRequestsScreen() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('paymentRequests.title'));
  const [list, setList] = useState<readonly PaymentRequestView[] | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [message, setMessage] = useState<string | null>(null);
  const [created, setCreated] = useState<PaymentRequestView | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = () =>
    fetchPaymentRequests().then(setList, (error: unknown) =>
      setMessage((isApiError(error) ? error.serverMessage : undefined) ?? t('paymentRequests.loadFailed')),
    );
  useEffect(() => {
    void reload();
  }, []);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));

  const submit = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const request = await createPaymentRequest({
        CustomerName: draft.CustomerName,
        CustomerEmail: draft.CustomerEmail,
        Description: draft.Description,
        Kind: draft.Kind,
        Amount: minorUnitsOf(draft.Amount),
        Currency: draft.Currency,
      });
      setCreated(request);
      setDraft(emptyDraft);
      await reload();
    } catch (error) {
      setMessage((isApiError(error) ? error.serverMessage : undefined) ?? t('paymentRequests.createFailed'));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (id: number) => {
    setMessage(null);
    try {
      await cancelPaymentRequest(id);
      await reload();
    } catch (error) {
      setMessage((isApiError(error) ? error.serverMessage : undefined) ?? t('paymentRequests.cancelFailed'));
    }
  };

  const linkOf = (request: PaymentRequestView) => new URL(request.Link, window.location.origin).href;

  return (
    <section className="payment-requests" aria-labelledby="payment-requests-title">
      <h1 id="payment-requests-title">{t('paymentRequests.title')}</h1>
      <p>{t('paymentRequests.intro')}</p>
      <form
        className="payment-requests__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2>{t('paymentRequests.new')}</h2>
        <label>
          {t('paymentRequests.customerName')}
          <input className="text-input" value={draft.CustomerName} onChange={set('CustomerName')} required />
        </label>
        <label>
          {t('paymentRequests.customerEmail')}
          <input
            className="text-input"
            type="email"
            value={draft.CustomerEmail}
            onChange={set('CustomerEmail')}
            required
          />
        </label>
        <label>
          {t('paymentRequests.description')}
          <input className="text-input" value={draft.Description} onChange={set('Description')} required />
        </label>
        <label>
          {t('paymentRequests.kind')}
          <select className="text-input" value={draft.Kind} onChange={set('Kind')}>
            <option value="deposit">{t('paymentRequests.kind.deposit')}</option>
            <option value="balance">{t('paymentRequests.kind.balance')}</option>
          </select>
        </label>
        <label>
          {t('paymentRequests.amount')}
          <input
            className="text-input"
            inputMode="decimal"
            value={draft.Amount}
            onChange={set('Amount')}
            required
          />
        </label>
        <label>
          {t('paymentRequests.currency')}
          <input
            className="text-input"
            value={draft.Currency}
            onChange={set('Currency')}
            maxLength={3}
            required
          />
        </label>
        <div>
          <button type="submit" className="button" disabled={busy}>
            {t('paymentRequests.create')}
          </button>
        </div>
      </form>
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {created && (
        <p role="status" data-testid="payment-request-created">
          {t('paymentRequests.created')}{' '}
          <a className="payment-requests__link" href={linkOf(created)}>
            {linkOf(created)}
          </a>
        </p>
      )}
      <h2>{t('paymentRequests.list')}</h2>
      {list === null ? (
        <Loading label={t('paymentRequests.loading')} />
      ) : list.length === 0 ? (
        <p>{t('paymentRequests.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('paymentRequests.customerName')}</th>
              <th scope="col">{t('paymentRequests.description')}</th>
              <th scope="col">{t('paymentRequests.amount')}</th>
              <th scope="col">{t('paymentRequests.status')}</th>
              <th scope="col">{t('paymentRequests.link')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((request) => (
              <tr key={request.GsRequestId} data-testid={`payment-request-${request.GsRequestId}`}>
                <td>
                  {request.CustomerName}
                  <br />
                  {request.CustomerEmail}
                </td>
                <td>
                  {t(`paymentRequests.kind.${request.Kind}`)}: {request.Description}
                </td>
                <td>{moneyOf(request.Amount, request.Currency, i18n.language)}</td>
                <td data-testid="payment-request-status">{t(`paymentRequests.status.${request.Status}`)}</td>
                <td>
                  {request.Status === 'open' && (
                    <>
                      <a className="payment-requests__link" href={linkOf(request)}>
                        {linkOf(request)}
                      </a>{' '}
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => void cancel(request.GsRequestId)}
                      >
                        {t('paymentRequests.cancel')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
