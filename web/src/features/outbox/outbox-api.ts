import { OutboxList, OutboxMessage, outboxMessagePath } from '../../../../adapters/http/contract/outbox.ts';
import { getJson } from '../../api/api-client.ts';

/** GET /api/outbox: the default setup's e-mail, newest first. */
export const fetchOutbox = (signal?: AbortSignal) => getJson('/api/outbox', OutboxList, signal);

/** GET /api/outbox/{name}: one message with its bodies. */
export const fetchOutboxMessage = (name: string, signal?: AbortSignal) =>
  getJson(outboxMessagePath(name), OutboxMessage, signal);

/** The list, and the message named (or the newest when none is). */
export const loadOutbox = async (name: string | undefined, signal?: AbortSignal) => {
  const list = await fetchOutbox(signal);
  const wanted = name ?? list.Messages[0]?.Name;
  const message = wanted ? await fetchOutboxMessage(wanted, signal) : null;
  return { list, message };
};
