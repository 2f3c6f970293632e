import { WebTickets } from '../../../../adapters/http/contract/web-tickets.ts';

// The page's own copy of the tickets, kept in the phone's storage after each load, so a buyer at
// the door without signal still has the barcodes they opened before. Read back only when the
// server cannot be reached; a copy that no longer parses is ignored.

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export const savedTicketsKey = (bundleId: string, eventId: number): string =>
  `foyer.webTickets.${bundleId.toLowerCase()}.${eventId}`;

export const saveTickets = (store: KeyValueStore, bundleId: string, eventId: number, tickets: WebTickets) => {
  try {
    store.setItem(savedTicketsKey(bundleId, eventId), JSON.stringify(tickets));
  } catch {
    // Storage full or refused (private browsing): the page still works online.
  }
};

export const savedTickets = (store: KeyValueStore, bundleId: string, eventId: number): WebTickets | null => {
  const text = store.getItem(savedTicketsKey(bundleId, eventId));
  if (text === null) return null;
  try {
    const parsed = WebTickets.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
