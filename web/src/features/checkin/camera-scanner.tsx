import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Scanning with the device's camera where the browser has a BarcodeDetector (Chrome on Android,
// for one); elsewhere the button is not shown and a USB scanner or the keyboard does the work.

interface DetectedBarcode {
  readonly rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorClass | null =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;

/** A code held in front of the camera is read many times a second: one scan per code per while. */
const SAME_CODE_MS = 3_000;
const EVERY_MS = 250;

export function CameraScanner(props: { onCode: (code: string) => void }) {
  const { t } = useTranslation('admin');
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const onCode = useRef(props.onCode);
  onCode.current = props.onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const last = { code: '', at: 0 };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new Detector({ formats: ['qr_code'] });
        timer = setInterval(() => {
          if (!video.current) return;
          void detector.detect(video.current).then(
            (found) => {
              const code = found[0]?.rawValue;
              if (!code || (code === last.code && Date.now() - last.at < SAME_CODE_MS)) return;
              last.code = code;
              last.at = Date.now();
              onCode.current(code);
            },
            () => undefined,
          );
        }, EVERY_MS);
      } catch {
        setFailed(true);
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  if (!detectorClass()) return null;
  return (
    <div className="checkin-camera">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setFailed(false);
          setOn((v) => !v);
        }}
      >
        {on ? t('checkin.cameraStop') : t('checkin.camera')}
      </button>
      {failed && <p role="alert">{t('checkin.cameraFailed')}</p>}
      {on && <video ref={video} className="checkin-camera__video" muted playsInline />}
    </div>
  );
}
