import { adaIconPath } from './ada-icons.ts';

/** An accessible seat type's glyph; decorative (the text beside it names the type). */
export function AdaIcon(props: { icon: string | undefined; className?: string }) {
  return (
    <svg className={props.className ?? 'ada-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={adaIconPath(props.icon)} />
    </svg>
  );
}
