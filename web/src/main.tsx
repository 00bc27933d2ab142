import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/routes';
import { wireApiClient } from './app/wireApiClient';
import { logUncaughtErrors } from './features/logger/globalErrors';
import './i18n';
import './index.css';

wireApiClient();
logUncaughtErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} />
  </StrictMode>,
);
