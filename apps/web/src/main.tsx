import { i18nReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadSignedInStart } from './session/signed-in-start';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

preloadSignedInStart(window.location.pathname);

// English texts load on demand: render once the first language is there (German at once).
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
