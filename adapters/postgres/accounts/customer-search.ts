import type { Knex } from 'knex';
import { CustomerEmailTaken } from '../../../core/basket/staff/errors.ts';
import type { CustomerRow } from '../../../core/basket/staff/ports.ts';
import type { CounterCustomer } from '../../../core/basket/staff/counter-customer.ts';

// Customers at the counter (core/basket/staff/customer-calls.ts): found by name, e-mail or phone
// (anonymised accounts are never found), or made with no password.

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
}

const customerOf = (r: Row): CustomerRow => ({
  customerId: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must match the name, the e-mail or the phone; exact e-mail matches first. */
export const searchCustomers = async (db: Knex, text: string, limit: number): Promise<CustomerRow[]> => {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
  const digits = text.replace(/\D/g, '');
  const query = db('customers')
    .whereNull('anonymized_at')
    .where((q) => {
      q.where((all) => {
        for (const word of words) {
          const like = `%${escapeLike(word)}%`;
          all.where((one) =>
            one
              .whereRaw('first_name ilike ?', [like])
              .orWhereRaw('last_name ilike ?', [like])
              .orWhereRaw('email ilike ?', [like]),
          );
        }
      });
      if (digits.length >= 4)
        q.orWhereRaw(`regexp_replace(coalesce(phone, ''), '\\D', '', 'g') like ?`, [`%${digits}%`]);
    })
    .orderByRaw('(lower(email) = lower(?)) desc, last_name, first_name, id', [text])
    .limit(limit)
    .select('id', 'first_name', 'last_name', 'email', 'phone');
  return ((await query) as Row[]).map(customerOf);
};

export const addCustomer = async (
  db: Knex,
  customer: CounterCustomer,
): Promise<{ ok: true; value: CustomerRow } | { ok: false; error: CustomerEmailTaken }> => {
  if (customer.email !== null) {
    const taken: { id: number } | undefined = await db('customers')
      .whereRaw('lower(email) = lower(?)', [customer.email])
      .first('id');
    if (taken)
      return { ok: false, error: new CustomerEmailTaken({ email: customer.email, customerId: taken.id }) };
  }
  try {
    const [row] = (await db('customers')
      .insert({
        first_name: customer.firstName,
        last_name: customer.lastName,
        email: customer.email,
        phone: customer.phone,
      })
      .returning(['id', 'first_name', 'last_name', 'email', 'phone'])) as Row[];
    return { ok: true, value: customerOf(row!) };
  } catch (error) {
    // Two clerks adding the same e-mail at once: the unique index decides.
    if ((error as { code?: string }).code === '23505' && customer.email !== null) {
      const taken = await db('customers').whereRaw('lower(email) = lower(?)', [customer.email]).first('id');
      return { ok: false, error: new CustomerEmailTaken({ email: customer.email, customerId: taken.id }) };
    }
    throw error;
  }
};
