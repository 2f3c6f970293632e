import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './shortcuts.css';

// The counter's keyboard shortcuts: Alt and a letter, matched by the key's place on the keyboard
// (KeyboardEvent.code), so they work whatever the layout and whatever Alt+letter would type.
// Each is shown where it acts (a hint on the button, or the screen's key legend) and announced
// with aria-keyshortcuts.

/** Runs each letter's action on Alt+letter anywhere on the page while mounted and `enabled`. */
export const useShortcuts = (actions: Readonly<Record<string, () => void>>, enabled = true) => {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const letter = /^Key([A-Z])$/.exec(event.code)?.[1]?.toLowerCase();
      const run = letter === undefined ? undefined : latest.current[letter];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
};

/** Runs `run` on Alt+`letter` anywhere on the page while mounted and `enabled`. */
export const useShortcut = (letter: string, run: () => void, enabled = true) =>
  useShortcuts({ [letter.toLowerCase()]: run }, enabled);

/** How a shortcut is written on screen and in aria-keyshortcuts: "Alt+B". */
export const altKey = (letter: string) => `Alt+${letter.toUpperCase()}`;

/** The shortcut on a button or beside a field: "Alt+B", read by screen readers from aria-keyshortcuts. */
export function KeyHint(props: { keys: string }) {
  return (
    <kbd className="key-hint" aria-hidden="true">
      {props.keys}
    </kbd>
  );
}

/** The screen's keys, in a line under its title: "Alt+S Find a show · Enter Sell the first one". */
export function KeyLegend(props: { items: readonly { readonly keys: string; readonly what: string }[] }) {
  const { t } = useTranslation('admin');
  return (
    <p className="key-legend" data-testid="key-legend">
      <span className="key-legend__title">{t('keys.title')}</span>
      {props.items.map((item) => (
        <span key={item.keys} className="key-legend__item">
          <kbd>{item.keys}</kbd> {item.what}
        </span>
      ))}
    </p>
  );
}
