import { drawingSVG, qrcode } from 'bwip-js/browser';
import { useMemo } from 'react';

/**
 * A ticket's barcode as the door's scanner reads it: a QR code drawn as SVG in the page (no
 * request, so it shows offline too), the same symbology as the PDF tickets (adapters/tickets/pdf.ts).
 */
export function QrCode(props: { text: string; label: string }) {
  const src = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
        qrcode({ bcid: 'qrcode', text: props.text, scale: 4, padding: 4 }, drawingSVG()),
      )}`,
    [props.text],
  );
  return <img className="web-ticket__qr" src={src} alt={props.label} width={220} height={220} />;
}
