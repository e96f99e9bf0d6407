import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource-variable/figtree';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/App';
import { loadAnalyticsIfAccepted } from './components/CookieBanner/cookies';
// Restores the saved session (spec §4) before the first render.
import './session/session';

loadAnalyticsIfAccepted();

// Declarative routing keeps react-router's data-router code out of the first screen (DESIGN.md §5 budget).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
