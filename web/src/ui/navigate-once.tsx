import {
  useNavigate,
  type AnyRouter,
  type NavigateOptions,
  type RegisteredRouter,
} from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * Like the router's <Navigate>, but navigates once, when it is first shown. <Navigate> navigates
 * again whenever it renders with new props (a new object every render): a screen that renders it
 * and reads the location (useLocation) renders again at every step of the navigation while the
 * target's code loads, and so navigates again, without end, and the tab hangs.
 */
export function NavigateOnce<
  TRouter extends AnyRouter = RegisteredRouter,
  const TFrom extends string = string,
  const TTo extends string | undefined = undefined,
>(props: NavigateOptions<TRouter, TFrom, TTo>): null {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (done.current) return;
    done.current = true;
    void navigate(props as NavigateOptions);
  }, []);
  return null;
}
