import { useMemo, useState } from 'react';
import type { Basket } from '../../../../adapters/http/contract/basket.ts';
import {
  ADDRESS_PARTS,
  fieldRules,
  shownErrors,
  validateForm,
  type FieldErrorCode,
  type FieldName,
  type FormSetup,
  type FormValues,
} from './checkout-form.ts';

// The payment form's state: what is typed, which fields were left, whether Pay was pressed,
// and the fields the server refused (they stay flagged until changed).

type Values = Record<Exclude<FieldName, 'AcceptTermsOfService'>, string> & { AcceptTermsOfService: boolean };

const fromBasket = (basket: Basket): Partial<Values> => {
  const values: Partial<Values> = {
    FirstName: basket.FirstName ?? '',
    LastName: basket.LastName ?? '',
    Email: basket.Email ?? '',
    Phone: basket.Phone ?? '',
  };
  // The contract builds the address fields by name, so their types are not spelled out.
  const address = basket as unknown as Readonly<Record<string, string | null | undefined>>;
  for (const part of ADDRESS_PARTS) {
    values[`BillTo${part}`] = address[`BillTo${part}`] ?? '';
    values[`ShipTo${part}`] = address[`ShipTo${part}`] ?? '';
  }
  // Spec 001 section 9: default country US.
  values.BillToCountryCode ||= 'US';
  values.ShipToCountryCode ||= 'US';
  return values;
};

export const useCheckoutForm = (
  basket: Basket,
  setup: Omit<FormSetup, 'shipElsewhere'>,
  payByCard: boolean,
  /** Stripe.js takes the card in its own fields: only the holder's name is checked here. */
  cardInProcessorFields = false,
) => {
  const [values, setValues] = useState<Partial<Values>>(() => fromBasket(basket));
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [shipElsewhere, setShipElsewhere] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<FieldName, string | null>>(new Map());

  const rules = useMemo(
    () => fieldRules({ ...setup, shipElsewhere }),
    [setup.billingFields, setup.deliveryFields, setup.enableRewards, setup.requireTerms, shipElsewhere],
  );
  const errors = validateForm(values as FormValues, rules, {
    payByCard,
    cardInProcessorFields,
    now: new Date(),
  });
  const shown = shownErrors(errors, touched, submitted);

  return {
    values,
    rules,
    errors,
    shipElsewhere,
    setShipElsewhere,
    text: (name: Exclude<FieldName, 'AcceptTermsOfService'>) => values[name] ?? '',
    /** The error to show on a field: the form's own, else the server's (null: its generic words). */
    shownError: (name: FieldName): FieldErrorCode | 'server' | null =>
      shown[name] ?? (serverErrors.has(name) ? 'server' : null),
    serverMessage: (name: FieldName) => serverErrors.get(name) ?? null,
    change: (name: FieldName, value: string | boolean) => {
      setValues((v) => ({ ...v, [name]: value }));
      if (serverErrors.has(name))
        setServerErrors((errors) => {
          const next = new Map(errors);
          next.delete(name);
          return next;
        });
    },
    /** Spec 000 section 5: a field's error shows once it has been left. */
    blur: (name: FieldName) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))),
    submit: () => setSubmitted(true),
    refuse: (fields: readonly FieldName[], message: string | null) =>
      setServerErrors(new Map(fields.map((f) => [f, message]))),
  };
};

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
