import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { z } from 'zod';
import { App } from './app/App';
import { routes } from './app/routes';
import { wireApiClient } from './app/wireApiClient';
import { logUncaughtErrors } from './features/logger/globalErrors';
import './i18n';
import './index.css';

// The page's CSP allows no eval: zod checks answers without compiling them (no probe, no CSP
// violation; bench/answer-parse.ts measures this mode).
z.config({ jitless: true });
wireApiClient();
logUncaughtErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} />
  </StrictMode>,
);
