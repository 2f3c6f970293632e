import type { CSSProperties } from 'react';

// Series without a picture get a calm colour of their own, stable for a code.
const hueOf = (code: string) => [...code].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 7);

/** The picture band of a series; decorative (the series name is always written next to it). */
export function SeriesArt(props: {
  code: string;
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  const style = { '--series-hue': hueOf(props.code) } as CSSProperties;
  return (
    <div className={`series-art ${props.className ?? ''}`} style={style} aria-hidden="true">
      {props.imageUrl ? (
        <img src={props.imageUrl} alt="" loading="lazy" />
      ) : (
        <span className="series-art__initial">{props.name.trim().charAt(0)}</span>
      )}
    </div>
  );
}
