import { z } from 'zod';
import type { AddItemsBody, GeneralAdmissionBody } from '../../../../adapters/http/contract/basket.ts';
import { ApiError } from '../../api/api-error.ts';
import { sendJson } from '../../api/send-json.ts';

// Continue puts the choice in a basket: POST /api/baskets/additems for seats and
// POST /api/baskets/generaladmission for GA quantities (spec 001 section 7), built by the basket
// work. Until the server offers them the button stays off and says why; nothing is faked.

export const ADD_ITEMS_PATH = '/api/baskets/additems';
export const GENERAL_ADMISSION_PATH = '/api/baskets/generaladmission';

const OpenApiPaths = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

/** Whether the server answers these calls: the routes its OpenAPI document lists. */
export const basketCallsOffered = async (
  signal?: AbortSignal,
): Promise<{ addItems: boolean; generalAdmission: boolean }> => {
  const response = await fetch('/api/openapi.json', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new ApiError(response.status);
  const { paths } = OpenApiPaths.parse(await response.json());
  const posts = new Set(
    Object.entries(paths)
      .filter(([, methods]) => 'post' in methods)
      .map(([path]) => path.toLowerCase()),
  );
  return { addItems: posts.has(ADD_ITEMS_PATH), generalAdmission: posts.has(GENERAL_ADMISSION_PATH) };
};

/** Spec 001 section 7: additems takes eventId, basketItems and salesChannel. */
export const addSeatsToBasket = (body: AddItemsBody, signal?: AbortSignal) =>
  sendJson(
    'POST',
    ADD_ITEMS_PATH,
    { ...body, salesChannel: 'Web' } satisfies AddItemsBody,
    z.unknown(),
    signal,
  );

/** Spec 001 section 7: generaladmission takes promoCode, groupCode, a ticketRequest per price key and eventId. */
export const addGeneralAdmission = (body: GeneralAdmissionBody, signal?: AbortSignal) =>
  sendJson(
    'POST',
    GENERAL_ADMISSION_PATH,
    { ...body, salesChannel: 'Web' } satisfies GeneralAdmissionBody,
    z.unknown(),
    signal,
  );
