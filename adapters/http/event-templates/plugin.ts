import Boom from '@hapi/boom';
import type { Plugin, Request, ServerRoute } from '@hapi/hapi';
import { previewConfirmationEmail } from '../../../core/event-templates/email-preview.ts';
import {
  archiveTemplate,
  changeConfiguration,
  copyTemplate,
  createTemplate,
  listConfigurations,
  listTemplates,
  readImage,
  readTemplate,
  saveTemplate,
  uploadImage,
} from '../../../core/event-templates/event-templates.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  ArchiveBody,
  ConfigurationBody,
  EmailPreview,
  EmailPreviewBody,
  EventTemplateCopy,
  EventTemplateFields,
  EventTemplateList,
  EventTemplateSave,
  EventTemplateView,
  ImageBody,
  ImageFileParams,
  TemplateIdParams,
  VenueConfigurationChoices,
} from '../contract/event-templates.ts';
import { defineRoute } from '../route.ts';
import { runTemplates } from './refusals.ts';
import { choicesView, settingsOf, summaryView, templateView } from './views.ts';

// Event templates for staff who manage events (core/event-templates/event-templates.ts): the
// list, one template, create, save (version-checked), archive, copy, the seat map new performances
// go on, the image, and the confirmation e-mail's preview. Images are served to anyone by hash.

const tags = ['admin', 'event-templates'];
const permission = 'manageEvents' as const;

/** The signed-in staff member (the route's permission has been checked already). */
const actorOf = async (request: Request) => {
  const staff = await staffOf(request);
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, email: staff.email };
};

/** An image of 5 MB arrives as about 6.7 MB of base64: more than hapi's 1 MB default. */
const withPayloadLimit = (route: ServerRoute, maxBytes: number): ServerRoute => ({
  ...route,
  options: { ...(route.options as object), payload: { maxBytes } },
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const eventTemplatesPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-event-templates',
  dependencies: ['foyer-session'],
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/eventtemplates',
        summary:
          'Every event template with its venue, seat map, number of performances and first and last dates',
        tags,
        permission,
        response: EventTemplateList,
        handler: async () => (await runTemplates(runtime, listTemplates())).map(summaryView),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/eventtemplates/venueconfigurations',
        summary: 'The venues and their seat maps (venue configurations), by name, to choose from',
        tags,
        permission,
        response: VenueConfigurationChoices,
        handler: async () => choicesView(await runTemplates(runtime, listConfigurations())),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/eventtemplates/{id}',
        summary: 'One event template with its words in every language and its Version (404 unknown)',
        tags,
        permission,
        params: TemplateIdParams,
        response: EventTemplateView,
        handler: async ({ params }) => templateView(await runTemplates(runtime, readTemplate(params.id))),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/eventtemplates',
        summary:
          'A new event template. 201 the template; 400 names the refused field (Field); 409 when the code is taken',
        tags,
        permission,
        payload: EventTemplateFields,
        response: EventTemplateView,
        handler: async ({ payload, request, h }) => {
          const created = await runTemplates(
            runtime,
            createTemplate(settingsOf(payload), await actorOf(request)),
          );
          return h.response(templateView(created)).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/eventtemplates/{id}',
        summary:
          'Save an event template over the Version the form loaded. 409 { CurrentVersion } when someone saved since (nothing changed); 409 taken code; 400 names the field. A new seat map is for performances added afterwards only',
        tags,
        permission,
        params: TemplateIdParams,
        payload: EventTemplateSave,
        response: EventTemplateView,
        handler: async ({ params, payload, request }) =>
          templateView(
            await runTemplates(
              runtime,
              saveTemplate(params.id, payload.Version, settingsOf(payload), await actorOf(request)),
            ),
          ),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/eventtemplates/{id}/archive',
        summary: 'Archive (Archived true) or bring back an event template; version-checked like a save',
        tags,
        permission,
        params: TemplateIdParams,
        payload: ArchiveBody,
        response: EventTemplateView,
        handler: async ({ params, payload, request }) =>
          templateView(
            await runTemplates(
              runtime,
              archiveTemplate(params.id, payload.Version, payload.Archived, await actorOf(request)),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/eventtemplates/{id}/venueconfiguration',
        summary:
          'Change the seat map new performances of the template are put on. Performances already created keep their own; version-checked',
        tags,
        permission,
        params: TemplateIdParams,
        payload: ConfigurationBody,
        response: EventTemplateView,
        handler: async ({ params, payload, request }) =>
          templateView(
            await runTemplates(
              runtime,
              changeConfiguration(
                params.id,
                payload.Version,
                payload.VenueConfigurationId,
                await actorOf(request),
              ),
            ),
          ),
      }),
      withPayloadLimit(
        defineRoute({
          method: 'POST',
          path: '/api/admin/eventtemplates/{id}/image',
          summary:
            "Upload the template's image (Image: base64 of a JPEG, PNG or WebP of at most 5 MB): resized for the series page (ImageUrl) and the e-mail (MobileImageUrl), stored by content hash; version-checked",
          tags,
          permission,
          params: TemplateIdParams,
          payload: ImageBody,
          response: EventTemplateView,
          handler: async ({ params, payload, request }) =>
            templateView(
              await runTemplates(
                runtime,
                uploadImage(
                  params.id,
                  payload.Version,
                  new Uint8Array(Buffer.from(payload.Image, 'base64')),
                  await actorOf(request),
                ),
              ),
            ),
        }),
        8 * 1024 * 1024,
      ),
      defineRoute({
        method: 'POST',
        path: '/api/admin/eventtemplates/{id}/emailpreview',
        summary:
          "The order confirmation e-mail a buyer of this template gets, for a sample order, with the template's text in Language (or the draft ConfirmationEmailText given); changes nothing",
        tags,
        permission,
        params: TemplateIdParams,
        payload: EmailPreviewBody,
        response: EmailPreview,
        handler: async ({ params, payload }) => {
          const mail = await runTemplates(
            runtime,
            previewConfirmationEmail(params.id, payload.Language, payload.ConfirmationEmailText, new Date()),
          );
          return { Subject: mail.subject, Html: mail.html, Text: mail.text };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/eventtemplates/copy',
        summary:
          "A new template copied from EventTemplateId with its settings and words under a new Code, Name and DisplayName; CopyPromos links the source's promotions, CopyPricing its default price levels and prices, CopyFees its default fees. 201 the copy",
        tags,
        permission,
        payload: EventTemplateCopy,
        response: EventTemplateView,
        handler: async ({ payload, request, h }) => {
          const copy = await runTemplates(
            runtime,
            copyTemplate(
              {
                sourceId: payload.EventTemplateId,
                code: payload.Code,
                name: payload.Name,
                displayName: payload.DisplayName,
                copyFees: payload.CopyFees,
                copyPricing: payload.CopyPricing,
                copyPromos: payload.CopyPromos,
              },
              await actorOf(request),
            ),
          );
          return h.response(templateView(copy)).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventtemplates/images/{file}',
        summary:
          "An event template's image by the hash of its bytes; cached for good (the URL changes with the picture)",
        tags: ['event-templates'],
        params: ImageFileParams,
        handler: async ({ params, h }) => {
          const image = await runTemplates(runtime, readImage(params.file.split('.')[0]!));
          if (!image) throw Boom.notFound('No such image.');
          return h.response(image.bytes).type(image.contentType).header('cache-control', IMMUTABLE);
        },
      }),
    ]);
  },
};
