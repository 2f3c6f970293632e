import {
  EventPricesView,
  PerformanceView,
  PriceTypeList,
  PriceTypeView,
  RunAdded,
  RunPreview,
  TemplatePerformancesView,
  TemplatePricesView,
  type PerformanceEdit,
  type PriceGridSave,
  type PriceTypeChange,
  type PriceTypeSave,
  type RunBody,
} from '../../../../adapters/http/contract/performances.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The performances screens' calls (adapters/http/contract/performances.ts).

const BASE = '/api/admin/performances';

export const fetchTemplatePrices = (templateId: number, signal?: AbortSignal) =>
  getJson(`${BASE}/templates/${templateId}/prices`, TemplatePricesView, signal);

export const saveTemplatePrices = (templateId: number, body: PriceGridSave) =>
  sendJson('PUT', `${BASE}/templates/${templateId}/prices`, body, TemplatePricesView);

export const fetchPriceTypes = (signal?: AbortSignal) => getJson(`${BASE}/pricetypes`, PriceTypeList, signal);

export const addPriceType = (body: PriceTypeSave) =>
  sendJson('POST', `${BASE}/pricetypes`, body, PriceTypeView);

export const changePriceType = (id: number, body: PriceTypeChange) =>
  sendJson('PUT', `${BASE}/pricetypes/${id}`, body, PriceTypeView);

export const fetchPerformances = (templateId: number, signal?: AbortSignal) =>
  getJson(`${BASE}/templates/${templateId}`, TemplatePerformancesView, signal);

export const previewRun = (templateId: number, body: RunBody) =>
  sendJson('POST', `${BASE}/templates/${templateId}/preview`, body, RunPreview);

export const addRun = (templateId: number, body: RunBody) =>
  sendJson('POST', `${BASE}/templates/${templateId}`, body, RunAdded);

export const fetchPerformance = (id: number, signal?: AbortSignal) =>
  getJson(`${BASE}/events/${id}`, PerformanceView, signal);

export const savePerformance = (id: number, body: PerformanceEdit) =>
  sendJson('PUT', `${BASE}/events/${id}`, body, PerformanceView);

export const fetchEventPrices = (id: number, signal?: AbortSignal) =>
  getJson(`${BASE}/events/${id}/prices`, EventPricesView, signal);

export const saveEventPrices = (id: number, body: PriceGridSave) =>
  sendJson('PUT', `${BASE}/events/${id}/prices`, body, EventPricesView);
