import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { listOutbox, readOutboxMessage } from '../../mail/outbox-folder.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { AccountAnswer, AccountDetails, AccountOrder } from '../contract/account.ts';

// The customer's account over HTTP, as the storefront calls it: sign-up, sign-in and out,
// details, passwords, reset by e-mail, orders, data download, resend, delete.

let api: TestApi;
let db: Knex;
let outbox: string;
let nextSeat = 0;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-accounts-'));
  outbox = path.join(dataDir, 'outbox');
  api = await createTestApi({ env: { DATA_DIR: dataDir, BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
});
afterAll(async () => {
  await api?.close();
  await rm(path.dirname(outbox), { recursive: true, force: true });
});

let people = 0;
const newEmail = () => `person${++people}.${Date.now()}@example.com`;

const signUp = async (b: Browser, email = newEmail(), password = PASSWORD) => {
  const res = await b.call('POST', '/api/account/register', {
    FirstName: 'Grace',
    LastName: 'Hopper',
    Email: email,
    Password: password,
    ConfirmPassword: password,
  });
  return { res, email };
};

const whoAmI = async (b: Browser) => AccountAnswer.parse((await b.call('GET', '/api/account')).body);

const mailTo = async (email: string, subject: string) => {
  const { messages } = await listOutbox(outbox);
  const summary = messages.find((m) => m.to.includes(email) && m.subject === subject);
  return summary ? readOutboxMessage(outbox, summary.name) : null;
};

describe('signing up, in and out', () => {
  test('register signs the new customer in with an HttpOnly, SameSite session cookie and the login state cookie', async () => {
    const b = await browser(api.server);
    expect(await whoAmI(b)).toEqual({ SignedIn: false, Kind: null, Customer: null, Staff: null });
    const { res, email } = await signUp(b);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      SignedIn: true,
      Kind: 'customer',
      Customer: { Email: email, FirstName: 'Grace' },
    });
    const cookies = [res.headers['set-cookie'] ?? []].flat() as string[];
    const session = cookies.find((c) => c.startsWith('foyer_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session.split(';')[0]!.slice('foyer_session='.length)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const state = cookies.find((c) => c.startsWith('foyer_signed_in='))!;
    expect(state).toMatch(/^foyer_signed_in=customer;/);
    expect(state).not.toMatch(/HttpOnly/);
    // Only the token's hash is stored.
    const token = b.cookies.get('foyer_session')!;
    expect(await db('sessions').where({ id_hash: token }).first()).toBeUndefined();
    expect((await whoAmI(b)).Customer?.Email).toBe(email);
    const row = await db('customers').whereRaw('lower(email) = ?', [email]).first('password_hash');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  test('weak or mismatched passwords are refused, naming the field, and make no account', async () => {
    const b = await browser(api.server);
    const email = newEmail();
    const short = await signUp(b, email, 'elevenchars');
    expect(short.res.status).toBe(400);
    expect(short.res.body).toEqual({
      Message: 'Choose a password of at least 12 characters.',
      Fields: ['Password'],
    });
    const long = await signUp(b, email, 'x'.repeat(129));
    expect(long.res.body.Fields).toEqual(['Password']);
    const mismatch = await b.call('POST', '/api/account/register', {
      FirstName: 'A',
      LastName: 'B',
      Email: email,
      Password: PASSWORD,
      ConfirmPassword: `${PASSWORD}!`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Fields).toEqual(['ConfirmPassword']);
    const badEmail = await signUp(b, 'not-an-email');
    expect(badEmail.res.status).toBe(400);
    expect(badEmail.res.body.Message).toMatch(/e-mail/i);
    expect(await db('customers').whereRaw('lower(email) = ?', [email]).first()).toBeUndefined();
    // Any characters at all: spaces, emoji and other scripts make a good password.
    expect((await signUp(b, newEmail(), 'пароль 🎭 ticket')).res.status).toBe(200);
  });

  test('registering a taken e-mail signs no one in and tells that address instead', async () => {
    const first = await browser(api.server);
    const { email } = await signUp(first);
    const second = await browser(api.server);
    const again = await signUp(second, email.toUpperCase(), 'another long password');
    expect(again.res.status).toBe(202);
    expect((await whoAmI(second)).SignedIn).toBe(false);
    expect((await mailTo(email, 'You already have an account'))?.text).toMatch(/sign in instead/);
    // The first account's password is unchanged.
    const login = await (
      await browser(api.server)
    ).call('POST', '/api/account/login', { Email: email, Password: PASSWORD });
    expect(login.status).toBe(200);
  });

  test('sign-out ends the session on the server: the old cookie signs no one in', async () => {
    const b = await browser(api.server);
    await signUp(b);
    const token = b.cookies.get('foyer_session')!;
    const out = await b.call('POST', '/api/account/logout');
    expect(out.status).toBe(200);
    expect(b.cookies.get('foyer_session')).toBeUndefined();
    expect(b.cookies.get('foyer_signed_in')).toBeUndefined();
    b.cookies.set('foyer_session', token);
    b.cookies.set('foyer_signed_in', 'customer');
    expect((await whoAmI(b)).SignedIn).toBe(false);
    // The ended session's cookies are erased, the login state with them.
    expect(b.cookies.get('foyer_session')).toBeUndefined();
    expect(b.cookies.get('foyer_signed_in')).toBeUndefined();
  });

  test('with customer accounts turned off, customers can neither sign up nor sign in; staff still can', async () => {
    // The settings are read at most every 2 s (adapters/postgres/accounts/account-settings.ts).
    const settled = () => new Promise((resolve) => setTimeout(resolve, 2100));
    await db('account_settings').where({ id: 1 }).update({ allow_customer_login: false });
    await settled();
    try {
      const b = await browser(api.server);
      expect((await b.call('GET', '/api/accountInformation/allowlogin')).body).toEqual({
        AllowCustomerLogin: false,
      });
      expect((await signUp(b)).res.status).toBe(403);
      const login = await b.call('POST', '/api/account/login', {
        Email: 'customer@foyer.local',
        Password: 'foyer-demo',
      });
      expect(login.status).toBe(403);
      expect((await whoAmI(b)).SignedIn).toBe(false);
      const staff = await b.call('POST', '/api/account/login', {
        Email: 'admin@foyer.local',
        Password: 'foyer-demo',
      });
      expect(staff.status).toBe(200);
    } finally {
      await db('account_settings').where({ id: 1 }).update({ allow_customer_login: true });
      await settled();
    }
  });

  test('a wrong password and an unknown e-mail get the same answer; each sign-in gets a new session id', async () => {
    const b = await browser(api.server);
    const { email } = await signUp(b);
    const first = b.cookies.get('foyer_session');
    const wrong = await b.call('POST', '/api/account/login', { Email: email, Password: 'not the password' });
    const unknown = await b.call('POST', '/api/account/login', {
      Email: newEmail(),
      Password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const right = await b.call('POST', '/api/account/login', {
      Email: email.toUpperCase(),
      Password: PASSWORD,
    });
    expect(right.status).toBe(200);
    const second = b.cookies.get('foyer_session');
    expect(second).not.toBe(first);
    // The session the browser came with ended at the new sign-in.
    const stale = await browser(api.server);
    stale.cookies.set('foyer_session', first!);
    expect((await whoAmI(stale)).SignedIn).toBe(false);
  });

  test('staff sign in with the same call and get their role, permissions and screen rules; a browser-session cookie', async () => {
    const b = await browser(api.server);
    const res = await b.call('POST', '/api/account/login', {
      Email: 'boxoffice@foyer.local',
      Password: 'foyer-demo',
    });
    expect(res.status).toBe(200);
    const answer = AccountAnswer.parse(res.body);
    expect(answer.Kind).toBe('staff');
    expect(answer.Staff).toMatchObject({
      Name: 'Bo Boxoffice',
      Role: 'BoxOfficeManager',
      RoleName: 'Box-office manager',
    });
    expect(answer.Staff?.Permissions).toContain('refund');
    expect(answer.Staff?.Permissions).not.toContain('manageStaff');
    expect(answer.Staff?.ScreenRules).toEqual({
      editButton: false,
      fixedSeatInfo: true,
      movingSeatInfo: false,
      stackTraces: false,
    });
    const session = ([res.headers['set-cookie'] ?? []].flat() as string[]).find((c) =>
      c.startsWith('foyer_session='),
    )!;
    expect(session).not.toMatch(/Max-Age|Expires/i);
    // The demo's older scrypt hash was replaced by argon2id at this sign-in.
    const row = await db('staff_users').where({ email: 'boxoffice@foyer.local' }).first('password_hash');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('passwords', () => {
  test('changing the password needs the current one and ends the other sessions, not this one', async () => {
    const laptop = await browser(api.server);
    const { email } = await signUp(laptop);
    const phone = await browser(api.server);
    expect(
      (await phone.call('POST', '/api/account/login', { Email: email, Password: PASSWORD })).status,
    ).toBe(200);
    const wrong = await laptop.call('PUT', '/api/account/changepassword', {
      CurrentPassword: 'not it at all',
      NewPassword: 'a brand new password',
      ConfirmPassword: 'a brand new password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Fields).toEqual(['CurrentPassword']);
    const changed = await laptop.call('PUT', '/api/account/changepassword', {
      CurrentPassword: PASSWORD,
      NewPassword: 'a brand new password',
      ConfirmPassword: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect((await whoAmI(laptop)).SignedIn).toBe(true);
    expect((await whoAmI(phone)).SignedIn).toBe(false);
    const fresh = await browser(api.server);
    expect(
      (await fresh.call('POST', '/api/account/login', { Email: email, Password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await fresh.call('POST', '/api/account/login', { Email: email, Password: 'a brand new password' }))
        .status,
    ).toBe(200);
  });

  test('a reset link is e-mailed, works once within the hour, and ends every session', async () => {
    const b = await browser(api.server);
    const { email } = await signUp(b);
    const stranger = await browser(api.server);
    const asked = await stranger.call('POST', '/api/account/requestPasswordReset', {
      Email: email,
      ReturnUrl: '/checkout/basket',
    });
    const nobody = await stranger.call('POST', '/api/account/requestPasswordReset', { Email: newEmail() });
    expect(asked.status).toBe(200);
    expect(nobody.body).toEqual(asked.body);
    const mail = await mailTo(email, 'Reset your password');
    const link =
      /https?:\/\/\S+\/account\/resetpassword\?token=([A-Za-z0-9_-]+)&returnUrl=%2Fcheckout%2Fbasket/.exec(
        mail?.text ?? '',
      );
    expect(link, mail?.text ?? 'no e-mail').not.toBeNull();
    const token = link![1]!;
    expect(await db('password_reset_tokens').where({ token_hash: token }).first()).toBeUndefined();
    const weak = await stranger.call('POST', '/api/account/resetPassword', {
      Token: token,
      Password: 'short',
    });
    expect(weak.status).toBe(400);
    const reset = await stranger.call('POST', '/api/account/resetPassword', {
      Token: token,
      Password: 'reset to this one',
    });
    expect(reset.status).toBe(200);
    expect((await whoAmI(b)).SignedIn).toBe(false);
    const twice = await stranger.call('POST', '/api/account/resetPassword', {
      Token: token,
      Password: 'and then this one',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toMatch(/expired or was already used/);
    expect(
      (await stranger.call('POST', '/api/account/login', { Email: email, Password: 'reset to this one' }))
        .status,
    ).toBe(200);
  });

  test('an hour-old reset link no longer works', async () => {
    const b = await browser(api.server);
    const { email } = await signUp(b);
    await b.call('POST', '/api/account/requestPasswordReset', { Email: email });
    const token = /token=([A-Za-z0-9_-]+)/.exec(
      (await mailTo(email, 'Reset your password'))?.text ?? '',
    )![1]!;
    const customer = await db('customers').whereRaw('lower(email) = ?', [email]).first('id');
    await db('password_reset_tokens')
      .where({ customer_id: customer.id })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    expect(
      (await b.call('POST', '/api/account/resetPassword', { Token: token, Password: 'too late for this' }))
        .status,
    ).toBe(400);
  });
});

describe('details', () => {
  test('read and change; a new e-mail needs the current password; marketing lists join and leave', async () => {
    const b = await browser(api.server);
    const { email } = await signUp(b);
    const before = AccountDetails.parse((await b.call('GET', '/api/account/details')).body);
    expect(before).toMatchObject({ FirstName: 'Grace', Email: email, Phone: null });
    const lists = before.OptIns;
    expect(lists.length).toBeGreaterThan(0);
    const body = {
      FirstName: 'Grace',
      LastName: 'Brewster',
      Email: email,
      Phone: '+1 212 555 0199',
      BillToAddress1: '1 Navy Yard',
      BillToCity: 'Arlington',
      CustomerRewardsNumber: '123456789',
      OptIns: [lists[0]!.ID],
    };
    const changed = await b.call('PUT', '/api/account/details', body);
    expect(changed.status).toBe(200);
    const after = AccountDetails.parse(changed.body);
    expect(after).toMatchObject({
      LastName: 'Brewster',
      Phone: '+1 212 555 0199',
      BillToCity: 'Arlington',
      CustomerRewardsNumber: '123456789',
    });
    expect(after.OptIns.find((o) => o.ID === lists[0]!.ID)?.Subscribed).toBe(true);
    const tag = after.customerTags.find((t) => t.customerTagType.ID === lists[0]!.ID)!;

    expect(
      (await b.call('PUT', '/api/account/details', { ...body, CustomerRewardsNumber: '1234' })).status,
    ).toBe(400);
    const newAddress = newEmail();
    const noPassword = await b.call('PUT', '/api/account/details', { ...body, Email: newAddress });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.Fields).toEqual(['CurrentPassword']);
    const withPassword = await b.call('PUT', '/api/account/details', {
      ...body,
      Email: newAddress,
      CurrentPassword: PASSWORD,
    });
    expect(withPassword.body.Email).toBe(newAddress);

    const left = await b.call('DELETE', `/api/customers/customertags/${tag.ID}`);
    expect(left.status).toBe(200);
    expect(
      AccountDetails.parse((await b.call('GET', '/api/account/details')).body).OptIns[0]!.Subscribed,
    ).toBe(false);
    expect((await b.call('DELETE', `/api/customers/customertags/${tag.ID}`)).status).toBe(404);
  });

  test('account calls need a signed-in customer', async () => {
    const anonymous = await browser(api.server);
    for (const [method, url] of [
      ['GET', '/api/account/details'],
      ['GET', '/api/account/orders'],
      ['GET', '/api/account/orders/download?format=csv'],
      ['POST', '/api/account/anonymize'],
    ] as const)
      expect((await anonymous.call(method, url)).status, `${method} ${url}`).toBe(401);
  });
});

describe('orders, download, resend and delete', () => {
  test("a customer's orders, their CSV and JSON, resent tickets; deleting keeps the orders without personal data", async () => {
    const b = await browser(api.server);
    const { email } = await signUp(b);
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const seats = await plainOpenSeats(db, eventId, 1, nextSeat++);
    expect((await b.holdSeats(eventId, [seats[0]!.key])).status).toBe(200);
    const card = await b.token('4242 4242 4242 4242');
    const paid = await b.call('POST', '/api/checkout', checkoutBody(card, { Email: email }));
    expect(paid.status).toBe(200);
    const orderId: number = paid.body.Order.ID;
    const customer = await db('customers').whereRaw('lower(email) = ?', [email]).first('id');
    // Until checkout links the signed-in customer itself, the test links the order.
    await db('orders').where({ id: orderId }).update({ customer_id: customer.id });

    const orders = AccountOrder.array().parse((await b.call('GET', '/api/account/orders')).body);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      ID: orderId,
      Status: 'Complete',
      Items: [{ EventName: expect.any(String) }],
    });

    const csv = await b.call('GET', '/api/account/orders/download?format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="foyer-orders.csv"');
    const [header, line] = csv.raw.trim().split('\n');
    expect(header).toBe('id,status,deliveryMethod,venueName,eventName,eventDate,orderTotal');
    expect(line).toMatch(new RegExp(`^${orderId},Complete,`));
    const asJson = await b.call('GET', '/api/account/orders/download?format=json');
    expect(JSON.parse(asJson.raw)).toEqual([expect.objectContaining({ id: orderId, status: 'Complete' })]);

    expect(orders[0]!.DeliveryMethod?.Type).toMatch(/^(Email|PrintAtHome)$/);
    expect(orders[0]!.CanResendTickets).toBe(true);
    const resent = await b.call('GET', `/api/account/orders/${orderId}/emailtickets`);
    expect(resent.status).toBe(200);
    expect(resent.body.Message).toBe(`Your tickets have been sent to ${email}.`);
    const mail = (await listOutbox(outbox)).messages.find(
      (m) => m.to.includes(email) && m.attachments.length > 0,
    );
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
    // Someone else's order is not theirs to resend.
    const other = await browser(api.server);
    await signUp(other);
    expect((await other.call('GET', `/api/account/orders/${orderId}/emailtickets`)).status).toBe(404);

    const deleted = await b.call('POST', '/api/account/anonymize');
    expect(deleted.status).toBe(200);
    expect((await whoAmI(b)).SignedIn).toBe(false);
    expect((await b.call('POST', '/api/account/login', { Email: email, Password: PASSWORD })).status).toBe(
      401,
    );
    const order = await db('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({
      email: null,
      first_name: null,
      last_name: null,
      phone: null,
      total: paid.body.Order.Total,
    });
    const profile = await db('customers').where({ id: customer.id }).first();
    expect(profile).toMatchObject({ first_name: '', password_hash: null });
    expect(profile.anonymized_at).not.toBeNull();
    // The address is free to sign up again.
    expect((await signUp(await browser(api.server), email)).res.status).toBe(200);
  });
});
