import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { seatViewFaceUrl, SEAT_VIEW_FACES } from '../../../../adapters/http/contract/seatview.ts';
import {
  directionOfYawPitch,
  hallOf,
  stageDirection,
  yawPitchOf,
} from '../../../../core/catalogue/seat-view.ts';
import { Modal } from '../../ui/modal.tsx';
import { createCubeRenderer, type CubeRenderer } from './cube-renderer.ts';

// The view from a seat: six cube faces drawn by the server for this
// seat, shown in WebGL. It starts looking at the stage, zoomed by the seat's focal length factor;
// it shows an error when a face fails to load and closes when the graphics context is lost.

export type ViewerEnd = 'closed' | 'contextLost';

const FACE_SIZE = 1024;
const MIN_FOV = 30;
const MAX_FOV = 100;

const loadFace = (url: string, signal: AbortSignal): Promise<HTMLCanvasElement> =>
  new Promise((resolve, reject) => {
    const image = new Image(FACE_SIZE, FACE_SIZE);
    image.decoding = 'async';
    image.onload = () => {
      // Rasterised once at the texture's size: SVG images have no pixels of their own.
      const canvas = document.createElement('canvas');
      canvas.width = FACE_SIZE;
      canvas.height = FACE_SIZE;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no 2D canvas'));
      context.drawImage(image, 0, 0, FACE_SIZE, FACE_SIZE);
      resolve(canvas);
    };
    image.onerror = () => reject(new Error(`face ${url} did not load`));
    signal.addEventListener('abort', () => {
      image.src = '';
      reject(new DOMException('aborted', 'AbortError'));
    });
    image.src = url;
  });

export function SeatViewer(props: {
  venueConfigId: number;
  mapVersion: string | undefined;
  seat: { key: string; x: number; y: number; focalLengthFactor: number | null };
  seatName: string;
  svg: {
    Width: number;
    Height: number;
    FocalPoint: { x: number; y: number };
    Rows: readonly { x: number; y: number }[];
  };
  onEnd: (end: ViewerEnd) => void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<CubeRenderer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error' | 'noWebgl'>('loading');
  const [attempt, setAttempt] = useState(0);
  const onEnd = useRef(props.onEnd);
  onEnd.current = props.onEnd;

  const { svg } = props;
  const hall = useMemo(
    () => hallOf({ width: svg.Width, height: svg.Height, focalPoint: svg.FocalPoint, seats: svg.Rows }),
    [svg],
  );
  const start = yawPitchOf(stageDirection(hall, props.seat));
  const startFov = Math.min(80, Math.max(35, 80 / (props.seat.focalLengthFactor ?? 1)));
  const view = useRef({ yaw: start.yaw, pitch: start.pitch, fov: startFov });
  const drag = useRef<{
    x: number;
    y: number;
    pointers: Map<number, { x: number; y: number }>;
    pinch: number | null;
  }>({
    x: 0,
    y: 0,
    pointers: new Map(),
    pinch: null,
  });

  const draw = () => {
    const r = renderer.current;
    if (!r) return;
    const { yaw, pitch, fov } = view.current;
    r.draw(directionOfYawPitch(yaw, pitch), fov);
  };

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const lost = (event: Event) => {
      event.preventDefault();
      onEnd.current('contextLost');
    };
    element.addEventListener('webglcontextlost', lost);
    const r = createCubeRenderer(element);
    if (!r) {
      setState('noWebgl');
      return () => element.removeEventListener('webglcontextlost', lost);
    }
    renderer.current = r;
    const controller = new AbortController();
    setState('loading');
    Promise.all(
      SEAT_VIEW_FACES.map((face) =>
        loadFace(
          seatViewFaceUrl(props.venueConfigId, props.seat.key, face, props.mapVersion),
          controller.signal,
        ),
      ),
    ).then(
      (faces) => {
        if (controller.signal.aborted) return;
        r.setFaces(faces);
        setState('ready');
        draw();
      },
      () => {
        if (!controller.signal.aborted) setState('error');
      },
    );
    const resize = new ResizeObserver(() => {
      r.resize();
      draw();
    });
    resize.observe(element);
    return () => {
      controller.abort();
      resize.disconnect();
      element.removeEventListener('webglcontextlost', lost);
      r.dispose();
      renderer.current = null;
    };
    // The faces belong to the seat; a retry asks again.
  }, [props.venueConfigId, props.seat.key, props.mapVersion, attempt]);

  const turn = (dYaw: number, dPitch: number) => {
    const v = view.current;
    v.yaw += dYaw;
    v.pitch = Math.max(-1.45, Math.min(1.45, v.pitch + dPitch));
    draw();
  };
  const zoom = (factor: number) => {
    const v = view.current;
    v.fov = Math.max(MIN_FOV, Math.min(MAX_FOV, v.fov * factor));
    draw();
  };
  const radiansPerPixel = () =>
    (view.current.fov * Math.PI) / 180 / Math.max(1, canvas.current?.clientHeight ?? 400);

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    drag.current.x = event.clientX;
    drag.current.y = event.clientY;
    drag.current.pinch = null;
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d.pointers.has(event.pointerId)) return;
    d.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (d.pointers.size === 2) {
      const [a, b] = [...d.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (d.pinch) zoom(d.pinch / distance);
      d.pinch = distance;
      return;
    }
    const k = radiansPerPixel();
    turn(-(event.clientX - d.x) * k, (event.clientY - d.y) * k);
    d.x = event.clientX;
    d.y = event.clientY;
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    drag.current.pointers.delete(event.pointerId);
    drag.current.pinch = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = 0.08;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => turn(-step, 0),
      ArrowRight: () => turn(step, 0),
      ArrowUp: () => turn(0, step),
      ArrowDown: () => turn(0, -step),
      '+': () => zoom(0.9),
      '=': () => zoom(0.9),
      '-': () => zoom(1 / 0.9),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <Modal
      title={t('seatmap.viewer.title', { seat: props.seatName })}
      onClose={() => props.onEnd('closed')}
      className="modal--viewer"
    >
      <div className="seat-viewer" data-state={state}>
        <canvas
          ref={canvas}
          className="seat-viewer__canvas"
          tabIndex={0}
          role="img"
          aria-label={t('seatmap.viewer.label', { seat: props.seatName })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onWheel={(event) => zoom(event.deltaY > 0 ? 1.08 : 1 / 1.08)}
          onKeyDown={onKeyDown}
        />
        {state === 'loading' && (
          <div className="seat-viewer__overlay" role="status">
            <span className="loading__spinner" aria-hidden="true" />
            {t('seatmap.viewer.loading')}
          </div>
        )}
        {(state === 'error' || state === 'noWebgl') && (
          <div className="seat-viewer__overlay seat-viewer__overlay--error" role="alert">
            <p>{state === 'error' ? t('seatmap.viewer.error') : t('seatmap.viewer.noWebgl')}</p>
            {state === 'error' && (
              <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.retry')}
              </button>
            )}
          </div>
        )}
      </div>
      <div className="seat-viewer__bar">
        <p className="seat-viewer__help">{t('seatmap.viewer.help')}</p>
        <button
          type="button"
          className="button button--small button--quiet"
          disabled={state !== 'ready'}
          onClick={() => {
            view.current = { yaw: start.yaw, pitch: start.pitch, fov: startFov };
            draw();
          }}
        >
          {t('seatmap.viewer.lookAtStage')}
        </button>
      </div>
    </Modal>
  );
}
