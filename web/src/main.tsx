import './app/zod-config.ts';
// The base styles first: every screen's own CSS (some of it in this chunk, through the routes)
// must come after them in the cascade, or a rule like .button would beat .button--small.
import './ui/styles/base.css';
import './ui/styles/layout.css';
import './ui/styles/components.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './app/router.ts';
import { StartupFailure } from './app/startup-failure.tsx';
import { startI18n } from './i18n/setup.ts';

const root = createRoot(document.getElementById('root')!);

// The words come from the server: nothing renders until they are here.
startI18n().then(
  (ready) =>
    root.render(<StrictMode>{ready ? <RouterProvider router={router} /> : <StartupFailure />}</StrictMode>),
  () => root.render(<StartupFailure />),
);
