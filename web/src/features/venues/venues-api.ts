import {
  ConfigurationView,
  ImportedConfiguration,
  PreviewAnswer,
  VenueList,
  VenueView,
  type SeatPlanImportBody,
  type SeatPlanUpload,
  type VenueEdit,
} from '../../../../adapters/http/contract/venues.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The venue admin calls (adapters/http/contract/venues.ts); each needs manageEvents.

export const fetchVenues = (signal?: AbortSignal) => getJson('/api/admin/venues', VenueList, signal);

export const fetchVenue = (venueId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/venues/${venueId}`, VenueView, signal);

/** 409 Reason stale (saved since the form loaded) or timeZoneLocked; 400 Fields. */
export const saveVenue = (venueId: number, edit: VenueEdit) =>
  sendJson('PUT', `/api/admin/venues/${venueId}`, edit, VenueView);

export const fetchConfiguration = (configurationId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/venues/configurations/${configurationId}`, ConfigurationView, signal);

export const renameConfiguration = (configurationId: number, name: string) =>
  sendJson(
    'PUT',
    `/api/admin/venues/configurations/${configurationId}/name`,
    { Name: name },
    ConfigurationView,
  );

/** The map to draw, or every problem; stores nothing. */
export const previewSeatPlan = (upload: SeatPlanUpload, signal?: AbortSignal) =>
  sendJson('POST', '/api/admin/venues/configurations/preview', upload, PreviewAnswer, signal);

/** 422 { Problems, More } for a bad file; 400 Fields for a new venue's field. */
export const importSeatPlan = (body: SeatPlanImportBody) =>
  sendJson('POST', '/api/admin/venues/configurations', body, ImportedConfiguration);
