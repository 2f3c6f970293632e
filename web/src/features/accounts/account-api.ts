import { z } from 'zod';
import {
  AccountAnswer,
  AccountDetails,
  AccountOrder,
  MessageAnswer,
  SavedCard,
  type LoginRequest,
  type RegisterRequest,
  type UpdateDetailsRequest,
} from '../../../../adapters/http/contract/account.ts';
import { AccountInformation } from '../../../../adapters/http/contract/accounts.ts';
import { call, getJson, type Method } from '../../api/api-client.ts';
import { forgetPos } from '../pos/pos.ts';

// The signed-in person's calls (/api/account/...), with the contract's schemas. Every answer is
// read afresh (no-store): it is this person's, and changes with every sign-in and sign-out.

/** One call of this person's, read afresh; a refusal is an ApiError with the fields it named. */
const ask = (method: Method, path: string, body?: unknown) => call(method, path, { noStore: true, body });

const read = async <S extends z.ZodType>(schema: S, method: Method, path: string, body?: unknown) =>
  schema.parse((await ask(method, path, body)).body) as z.output<S>;

export const SIGNED_OUT: AccountAnswer = { SignedIn: false, Kind: null, Customer: null, Staff: null };

/** GET /api/account: who is signed in in this browser (always 200). */
export const fetchAccount = () => read(AccountAnswer, 'GET', '/api/account');

// A new session probes the counter's POS bridge once again (features/pos/pos-probe.ts).
export const login = async (request: LoginRequest) => {
  const answer = await read(AccountAnswer, 'POST', '/api/account/login', request);
  forgetPos();
  return answer;
};

export const logout = async () => {
  const answer = await read(AccountAnswer, 'POST', '/api/account/logout', {});
  forgetPos();
  return answer;
};

export type Registration =
  | { readonly kind: 'signedIn'; readonly account: AccountAnswer }
  /** 202: the address already has an account; the server e-mailed it instead. */
  | { readonly kind: 'emailed'; readonly message: string };

export const register = async (request: RegisterRequest): Promise<Registration> => {
  const answer = await ask('POST', '/api/account/register', request);
  if (answer.status === 202) return { kind: 'emailed', message: MessageAnswer.parse(answer.body).Message };
  return { kind: 'signedIn', account: AccountAnswer.parse(answer.body) };
};

export const requestPasswordReset = (request: { Email: string; ReturnUrl?: string }) =>
  read(MessageAnswer, 'POST', '/api/account/requestPasswordReset', request);

export const resetPassword = (request: { Password: string; Token: string }) =>
  read(MessageAnswer, 'POST', '/api/account/resetPassword', request);

export const changePassword = (request: {
  CurrentPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}) => read(MessageAnswer, 'PUT', '/api/account/changepassword', request);

export const fetchDetails = () => read(AccountDetails, 'GET', '/api/account/details');

export const updateDetails = (request: UpdateDetailsRequest) =>
  read(AccountDetails, 'PUT', '/api/account/details', request);

/** Leaves a marketing list: deletes the customer tag that joined it. */
export const deleteCustomerTag = (customerTagId: number) =>
  read(MessageAnswer, 'DELETE', `/api/customers/customertags/${customerTagId}`);

export const fetchOrders = () => read(z.array(AccountOrder), 'GET', '/api/account/orders');

/** Sends the order's tickets to the account's e-mail address again (409 when it may not). */
export const resendTickets = (orderId: number) =>
  read(MessageAnswer, 'GET', `/api/account/orders/${orderId}/emailtickets`);

/** The orders as a file (the server answers it as an attachment). */
export const ordersDownloadUrl = (format: 'csv' | 'json') => `/api/account/orders/download?format=${format}`;

export const fetchSavedCard = () => read(SavedCard.nullable(), 'GET', '/api/account/paymentmethod');

export const deleteSavedCard = () => read(MessageAnswer, 'DELETE', '/api/account/paymentmethod');

/** Deletes the account: personal data removed, orders kept without it. */
export const anonymize = () => read(MessageAnswer, 'POST', '/api/account/anonymize', {});

let information: Promise<AccountInformation> | undefined;
/** GET /api/accountInformation (countries, rewards), once per page load. */
export const fetchAccountInformation = (): Promise<AccountInformation> => {
  information ??= getJson('/api/accountInformation', AccountInformation).catch((error: unknown) => {
    information = undefined;
    throw error;
  });
  return information;
};
