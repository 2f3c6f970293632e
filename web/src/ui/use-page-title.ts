import { useEffect } from 'react';

/** Each screen names itself in the browser tab and for screen readers (WCAG 2.4.2). */
export const usePageTitle = (title: string | undefined) => {
  useEffect(() => {
    if (title) document.title = `${title} · Foyer`;
  }, [title]);
};
