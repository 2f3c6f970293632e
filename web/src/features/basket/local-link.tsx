import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link to a path the server gave (SelectSeatsUrl) or the tab saved: followed inside the app,
 * while a modified click (new tab, new window) is left to the browser.
 */
export function LocalLink(props: { path: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={props.path}
      className={props.className}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        void navigate({ href: props.path });
      }}
    >
      {props.children}
    </a>
  );
}
