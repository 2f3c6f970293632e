import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminEn } from '../../../../core/i18n/strings/admin/en.ts';
import { orderName } from '../../../../core/orders/order-name.ts';
import { auditActionKey, auditActionWords, type AuditActionKey } from './audit-action-words.ts';

// docs/api.md lists every call the server publishes (adapters/http/system/api-doc.test.ts keeps it
// equal to /api/openapi.json); the session plugin audits every state change a staff member makes.
const stateChanges = () =>
  [
    ...readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8').matchAll(
      /^\| (POST|PUT|PATCH|DELETE) \| `([^`]+)` \|/gm,
    ),
  ].map(([, method, path]) => `${method} ${path}`);

const english = (key: AuditActionKey, options: { readonly action: string }) =>
  adminEn[key].replace('{{action}}', options.action);

describe('audited actions in words', () => {
  it('has words for every state-changing call the server publishes', () => {
    const calls = stateChanges();
    expect(calls.length).toBeGreaterThan(50);
    expect(calls.filter((call) => auditActionKey(call) === null)).toEqual([]);
  });

  it('says what was done to an order, from the API and from the command line', () => {
    expect(auditActionWords(english, 'POST /api/admin/orders/{id}/cancel')).toBe('Tickets cancelled');
    expect(auditActionWords(english, 'orders.cancel')).toBe('Tickets cancelled');
    expect(auditActionWords(english, 'PUT /api/admin/payments/refund')).toBe('Refund');
    expect(auditActionWords(english, 'orders.refund')).toBe('Refund');
    expect(auditActionWords(english, 'POST /api/admin/exchanges/{exchangeId}/complete')).toBe(
      'Exchange completed',
    );
    expect(auditActionWords(english, 'orders.exchange')).toBe('Exchange completed');
    expect(auditActionWords(english, 'POST /api/admin/orders/{id}/notes')).toBe('Note added');
    expect(auditActionWords(english, 'POST /api/admin/orders/{id}/resend')).toBe('Tickets e-mailed again');
    expect(auditActionWords(english, 'basket.save')).toBe('Basket saved');
    expect(auditActionWords(english, 'PUT /api/admin/baskets/save')).toBe('Basket saved');
    expect(auditActionWords(english, 'tickets.reprint')).toBe('Tickets reprinted');
    expect(auditActionWords(english, 'venues.import')).toBe('Season set-up changed');
    expect(auditActionWords(english, 'eventTemplates.copy')).toBe('Season set-up changed');
    expect(auditActionWords(english, 'season.import')).toBe('Season set-up changed');
    expect(auditActionWords(english, 'PUT /api/admin/venues/{venueId}')).toBe('Season set-up changed');
    expect(auditActionWords(english, 'POST /api/admin/venues/configurations/preview')).toBe(
      'Preview (nothing saved)',
    );
    expect(auditActionWords(english, 'POST /api/admin/event/{id}/holds')).toBe('Held seats changed');
    expect(auditActionWords(english, 'holds.archiveSubclass')).toBe('Held seats changed');
    expect(auditActionWords(english, 'START /api/admin/stripeterminal/intent')).toBe('Payment step');
  });

  it('matches routes as the server does: any case, a trailing slash', () => {
    expect(auditActionKey('post /api/Admin/Orders/{id}/Cancel/')).toBe('audit.do.ticketsCancelled');
    expect(auditActionKey('PUT /api/baskets/removeitems')).toBe('audit.do.basketChanged');
  });

  it('shows an action it has no words for as stored, so nothing is hidden', () => {
    expect(auditActionKey('POST /api/admin/something/new')).toBeNull();
    expect(auditActionWords(english, 'POST /api/admin/something/new')).toBe(
      'Other change (POST /api/admin/something/new)',
    );
  });

  it('titles an order by its number', () => {
    expect(orderName(1)).toBe('F0000001');
    expect(orderName(424242)).toBe('F0424242');
  });
});
