import { z } from 'zod';
import type { AddItemsBody, GeneralAdmissionBody } from '../../../../adapters/http/contract/basket.ts';
import { sendJson } from '../../api/api-client.ts';

// Continue puts the choice in a basket: POST /api/baskets/additems for seats and
// POST /api/baskets/generaladmission for GA quantities.

const ADD_ITEMS_PATH = '/api/baskets/additems';
const GENERAL_ADMISSION_PATH = '/api/baskets/generaladmission';

/** Additems takes eventId, basketItems and salesChannel. */
export const addSeatsToBasket = (body: AddItemsBody, signal?: AbortSignal) =>
  sendJson(
    'POST',
    ADD_ITEMS_PATH,
    { ...body, salesChannel: 'Web' } satisfies AddItemsBody,
    z.unknown(),
    signal,
  );

/** Generaladmission takes promoCode, groupCode, a ticketRequest per price key and eventId. */
export const addGeneralAdmission = (body: GeneralAdmissionBody, signal?: AbortSignal) =>
  sendJson(
    'POST',
    GENERAL_ADMISSION_PATH,
    { ...body, salesChannel: 'Web' } satisfies GeneralAdmissionBody,
    z.unknown(),
    signal,
  );
