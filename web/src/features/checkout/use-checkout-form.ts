import { useMemo, useState } from 'react';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import type { Basket } from '../../../../adapters/http/contract/basket.ts';
import { prefilled } from './account-prefill.ts';
import {
  ADDRESS_PARTS,
  fieldRules,
  shownErrors,
  validateForm,
  type FieldErrorCode,
  type FieldName,
  type CheckField,
  type FormSetup,
  type FormValues,
  type TextFieldName,
} from './checkout-form.ts';

// The payment form's state: what is typed, which fields were left, whether Pay was pressed,
// and the fields the server refused (they stay flagged until changed).

type Values = Record<TextFieldName, string> & Record<CheckField, boolean>;

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
  // Default country US.
  values.BillToCountryCode ||= 'US';
  values.ShipToCountryCode ||= 'US';
  return values;
};

export const useCheckoutForm = (
  basket: Basket,
  /** Whether the password fields show (register) follows the form's own tick box. */
  setup: Omit<FormSetup, 'shipElsewhere' | 'register'>,
  payByCard: boolean,
  /** Stripe.js takes the card in its own fields: only the holder's name is checked here. */
  cardInProcessorFields = false,
) => {
  const [values, setValues] = useState<Partial<Values>>(() => fromBasket(basket));
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [shipElsewhere, setShipElsewhere] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<FieldName, string | null>>(new Map());
  // The server's 409 at register: this e-mail already has an account (sign in instead).
  const [accountExists, setAccountExists] = useState(false);
  const register = values.HasJustRegistered === true;

  const rules = useMemo(
    () => fieldRules({ ...setup, shipElsewhere, register }),
    [
      setup.billingFields,
      setup.deliveryFields,
      setup.enableRewards,
      setup.requireTerms,
      setup.offerAccount,
      setup.offerSaveCard,
      shipElsewhere,
      register,
    ],
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
    text: (name: TextFieldName) => values[name] ?? '',
    /** The tick box is ticked (and shown). */
    checked: (name: CheckField) => rules[name]?.enabled === true && values[name] === true,
    /** The error to show on a field: the form's own, else the server's (null: its generic words). */
    shownError: (name: FieldName): FieldErrorCode | 'server' | null =>
      shown[name] ?? (serverErrors.has(name) ? 'server' : null),
    serverMessage: (name: FieldName) => serverErrors.get(name) ?? null,
    change: (name: FieldName, value: string | boolean) => {
      setValues((v) => ({ ...v, [name]: value }));
      // The refusal of an account for this e-mail goes with the e-mail, or with not registering.
      const cleared: readonly FieldName[] = name === 'HasJustRegistered' ? [name, 'Email'] : [name];
      if (cleared.some((n) => serverErrors.has(n)))
        setServerErrors((errors) => {
          const next = new Map(errors);
          for (const n of cleared) next.delete(n);
          return next;
        });
      if (cleared.includes('Email')) setAccountExists(false);
    },
    /** A signed-in customer's details, while the buyer has typed none of theirs. */
    prefill: (details: AccountDetails) => setValues((v) => prefilled(v, details)),
    /** A field's error shows once it has been left. */
    blur: (name: FieldName) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))),
    submit: () => setSubmitted(true),
    refuse: (fields: readonly FieldName[], message: string | null) => {
      setServerErrors(new Map(fields.map((f) => [f, message])));
      setAccountExists(false);
    },
    /** The e-mail already has an account: its message by the e-mail field, with a way to sign in. */
    accountExists,
    refuseAccount: (message: string | null) => {
      setServerErrors(new Map([['Email', message]]));
      setAccountExists(true);
    },
  };
};

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
