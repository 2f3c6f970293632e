import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  firstProblemField,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type Problem,
  type Problems,
} from './form-problems.ts';

// A small account form: the values typed, each field's problem shown once the field was changed
// and left, or the form was sent (never while typing), and the fields the server refused,
// flagged until changed.

export const useAccountForm = <F extends string>(
  initial: Readonly<Record<F, string>>,
  check: (values: Readonly<Record<F, string>>) => Problems<F>,
) => {
  const { t } = useTranslation();
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const problems = check(values);
  const order = Object.keys(initial) as F[];
  const id = (field: F) => `${prefix}-${field}`;

  const problemOf = (field: F): Problem | 'server' | null => {
    const own = submitted || touched.has(field) ? (problems[field] ?? null) : null;
    return own ?? (refused.has(field) ? 'server' : null);
  };

  const text = (problem: Problem | 'server', label: string, other: string | undefined): string =>
    problem === 'server'
      ? t('account.error.server', { field: label })
      : t(`account.error.${problem}`, {
          field: label,
          other: other ?? '',
          min: PASSWORD_MIN,
          max: PASSWORD_MAX,
        });

  return {
    values,
    id,
    /** The props of an AccountField for this field. */
    field: (name: F, label: string, options: { other?: string } = {}) => {
      const problem = problemOf(name);
      return {
        id: id(name),
        name,
        label,
        value: values[name],
        error: problem ? text(problem, label, options.other) : null,
        onChange: (value: string) => {
          setValues((v) => ({ ...v, [name]: value }));
          if (refused.has(name))
            setRefused((r) => {
              const next = new Set(r);
              next.delete(name);
              return next;
            });
        },
        onBlur: (event: FocusEvent<HTMLElement>) => {
          // Leaving for the submit button: the error shown now would push the button down
          // under the pointer and the click would miss it; sending shows every error anyway.
          const next = event.relatedTarget;
          if (next instanceof HTMLButtonElement && next.type === 'submit') return;
          // A field passed through without typing is not flagged until the form is sent.
          if (values[name] === initial[name]) return;
          setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
        },
      };
    },
    /** Shows every problem; true when there is none, else the first field with one gets the focus. */
    validate: (): boolean => {
      setSubmitted(true);
      const first = firstProblemField(order, problems);
      if (first) document.getElementById(id(first))?.focus();
      return first === undefined;
    },
    /** Flags the fields a 400 named, and focuses the first of this form's. */
    refuse: (fields: readonly string[]) => {
      setRefused(new Set(fields));
      const first = order.find((f) => fields.includes(f));
      if (first) document.getElementById(id(first))?.focus();
    },
    /** Empties the form after it did its work (a changed password). */
    reset: () => {
      setValues(initial);
      setTouched(new Set());
      setSubmitted(false);
      setRefused(new Set());
    },
  };
};
