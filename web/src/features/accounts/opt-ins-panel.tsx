import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import { deleteCustomerTag, updateDetails } from './account-api.ts';
import { optInsRequestOf, tagIdForOptIn, withoutOptIn } from './details-form.ts';

/** Where a list's last change stands; leaving goes Unsubscribing, then Unsubscribed or UnsubscribeError. */
type OptInState =
  'Subscribing' | 'Subscribed' | 'SubscribeError' | 'Unsubscribing' | 'Unsubscribed' | 'UnsubscribeError';

const busy = (state: OptInState | undefined) => state === 'Subscribing' || state === 'Unsubscribing';

/**
 * The marketing lists with a box each. Leaving deletes the customer tag that joined the list;
 * joining sends the details back with the lists to be on.
 */
export function OptInsPanel(props: {
  details: AccountDetails;
  onUpdate: (change: (details: AccountDetails) => AccountDetails) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [states, setStates] = useState<ReadonlyMap<number, OptInState>>(new Map());
  const { details } = props;
  if (details.OptIns.length === 0) return null;
  const setState = (optInId: number, state: OptInState) => setStates((s) => new Map(s).set(optInId, state));

  const leave = async (optInId: number) => {
    setState(optInId, 'Unsubscribing');
    try {
      const tagId = tagIdForOptIn(details, optInId);
      if (tagId !== undefined) {
        await deleteCustomerTag(tagId);
        props.onUpdate((d) => withoutOptIn(d, optInId));
      } else {
        const others = details.OptIns.filter((o) => o.Subscribed && o.ID !== optInId).map((o) => o.ID);
        const next = await updateDetails(optInsRequestOf(details, others));
        props.onUpdate(() => next);
      }
      setState(optInId, 'Unsubscribed');
    } catch {
      setState(optInId, 'UnsubscribeError');
    }
  };

  const join = async (optInId: number) => {
    setState(optInId, 'Subscribing');
    try {
      const lists = [...details.OptIns.filter((o) => o.Subscribed).map((o) => o.ID), optInId];
      const next = await updateDetails(optInsRequestOf(details, lists));
      props.onUpdate(() => next);
      setState(optInId, 'Subscribed');
    } catch {
      setState(optInId, 'SubscribeError');
    }
  };

  return (
    <div className="account-subsection">
      <fieldset className="account-opt-ins" aria-describedby={`${id}-hint`}>
        <legend>
          <h3>{t('account.optIns.heading')}</h3>
        </legend>
        <p className="field-hint" id={`${id}-hint`}>
          {t('account.optIns.hint')}
        </p>
        {details.OptIns.map((optIn) => {
          const state = states.get(optIn.ID);
          // While a change is on its way the box already shows where it is going.
          const checked =
            state === 'Unsubscribing' ? false : state === 'Subscribing' ? true : optIn.Subscribed;
          const failed = state === 'UnsubscribeError' || state === 'SubscribeError';
          return (
            <div key={optIn.ID} className="account-opt-in">
              <label className="account-check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={busy(state)}
                  aria-describedby={`${id}-state-${optIn.ID}`}
                  onChange={(event) => void (event.target.checked ? join(optIn.ID) : leave(optIn.ID))}
                />
                <span>
                  <strong>{optIn.Name}</strong>
                  {optIn.OptInText && <span className="account-check__text">{optIn.OptInText}</span>}
                </span>
              </label>
              <p
                id={`${id}-state-${optIn.ID}`}
                className={`account-opt-in__state${failed ? ' account-opt-in__state--error' : ''}`}
                role="status"
                data-state={state}
              >
                {state ? t(`account.optIns.state.${state}`) : ''}
              </p>
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
