import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { seatMapGeometry, seatMapVersionOf } from '../../../../core/catalogue/read-seat-map.ts';
import { seatViewScene, type SeatViewScene } from '../../../../core/catalogue/seat-view-scene.ts';
import type { AppRuntime } from '../../../wiring.ts';
import { SeatViewParams, SeatViewQuery } from '../../contract/seatview.ts';
import { defineRoute, runUseCase } from '../../route.ts';
import { FACE_DRAWING_VERSION, faceSvg } from './face-svg.ts';

// GET /api/seatview/{venueConfigId}/{seatKey}/{face}.svg: one of the six cube faces of the view
// from a seat, drawn from the seat map's geometry. A face changes
// only when the map is edited (or the drawing is), so it is cached hard and validated by ETag.

const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';
const KEPT_SCENES = 48;

export const seatViewPlugin: Plugin<{ runtime: AppRuntime }> = {
  name: 'foyer-seatview',
  register: (server, { runtime }) => {
    // The viewer asks for six faces at once: the scene is built once per seat and map version.
    const scenes = new Map<string, Promise<SeatViewScene | null>>();
    const sceneOf = (venueConfigId: number, version: string, seatKey: string) => {
      const key = `${version}|${seatKey}`;
      let scene = scenes.get(key);
      if (!scene) {
        scene = runUseCase(runtime, seatMapGeometry(venueConfigId)).then(({ map }) =>
          seatViewScene(map, seatKey),
        );
        scene.catch(() => scenes.delete(key));
        scenes.set(key, scene);
        while (scenes.size > KEPT_SCENES) scenes.delete(scenes.keys().next().value!);
      }
      return scene;
    };

    server.route(
      defineRoute({
        method: 'GET',
        path: '/api/seatview/{venueConfigId}/{seatKey}/{face}.svg',
        summary: 'One cube face (image/svg+xml) of the 360-degree view from a seat, drawn from the seat map',
        tags: ['map'],
        params: SeatViewParams,
        query: SeatViewQuery,
        handler: async ({ params, query, h }) => {
          const version = await runUseCase(runtime, seatMapVersionOf(params.venueConfigId));
          const etag = `${version}-${FACE_DRAWING_VERSION}-${params.seatKey}-${params.face}`;
          // A URL naming the current map version never changes; one without may, after an edit.
          const cacheControl = query.v === version ? YEAR : DAY;
          const cached = h.entity({ etag });
          if (cached) return cached.header('cache-control', cacheControl);
          const scene = await sceneOf(params.venueConfigId, version, params.seatKey);
          if (!scene) throw Boom.notFound(`There is no seat ${params.seatKey} on this seat map.`);
          return h
            .response(faceSvg(scene, params.face))
            .type('image/svg+xml')
            .etag(etag)
            .header('cache-control', cacheControl);
        },
      }),
    );
  },
};
