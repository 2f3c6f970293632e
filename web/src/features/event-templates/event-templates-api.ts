import {
  EmailPreview,
  EventTemplateList,
  EventTemplateView,
  VenueConfigurationChoices,
  type EventTemplateCopy,
  type EventTemplateFields,
  type TemplateLanguage,
} from '../../../../adapters/http/contract/event-templates.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The event templates' staff calls (adapters/http/contract/event-templates.ts).

const BASE = '/api/admin/eventtemplates';

export const fetchTemplates = (signal?: AbortSignal) => getJson(BASE, EventTemplateList, signal);

export const fetchTemplate = (id: number, signal?: AbortSignal) =>
  getJson(`${BASE}/${id}`, EventTemplateView, signal);

export const fetchConfigurations = (signal?: AbortSignal) =>
  getJson(`${BASE}/venueconfigurations`, VenueConfigurationChoices, signal);

export const createTemplate = (fields: EventTemplateFields) =>
  sendJson('POST', BASE, fields, EventTemplateView);

export const saveTemplate = (id: number, version: number, fields: EventTemplateFields) =>
  sendJson('PUT', `${BASE}/${id}`, { ...fields, Version: version }, EventTemplateView);

export const archiveTemplate = (id: number, version: number, archived: boolean) =>
  sendJson('POST', `${BASE}/${id}/archive`, { Version: version, Archived: archived }, EventTemplateView);

export const copyTemplate = (copy: EventTemplateCopy) =>
  sendJson('POST', `${BASE}/copy`, copy, EventTemplateView);

export const uploadTemplateImage = (id: number, version: number, base64: string) =>
  sendJson('POST', `${BASE}/${id}/image`, { Version: version, Image: base64 }, EventTemplateView);

export const previewEmail = (id: number, language: TemplateLanguage, draft: string | null) =>
  sendJson(
    'POST',
    `${BASE}/${id}/emailpreview`,
    { Language: language, ConfirmationEmailText: draft },
    EmailPreview,
  );

/** A file's bytes as base64, for the image call. */
export const fileAsBase64 = async (file: Blob): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
