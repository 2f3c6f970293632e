import type { Plugin } from '@hapi/hapi';

// Errors answer { "Message": "..." } with the status adapters/http/errors.ts gives them, the shape
// the web app reads.
export const errorFormatPlugin: Plugin<void> = {
  name: 'foyer-error-format',
  register: (server) => {
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (!('isBoom' in response) || !response.isBoom) return h.continue;
      const status = response.output.statusCode;
      // A server-side failure's words stay inside, unless the refusal was written for the caller
      // (Boom data.expose: an outside service down, said plainly, with nothing charged).
      const data = response.data as { body?: Record<string, unknown>; expose?: boolean } | null | undefined;
      const exposed = status >= 500 && data?.expose === true;
      const message =
        status >= 500 && !exposed
          ? 'Error completing request'
          : status === 404 && !response.message
            ? 'Not found'
            : response.message || response.output.payload.message;
      if (status >= 500) request.log(['error'], response);
      // A 4xx may carry fields the caller acts on (a 409 names the taken seats): Boom data.body.
      const extra = (status < 500 || exposed) && data && typeof data.body === 'object' ? data.body : {};
      response.output.payload = { ...extra, Message: message } as never;
      return h.continue;
    });
  },
};
