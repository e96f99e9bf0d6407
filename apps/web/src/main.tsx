import { isValidElement, startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import '@fontsource-variable/figtree';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/App';
import type { LazyScreen } from './app/lazyScreen';
import { routes } from './app/routes';
import { loadAnalyticsIfAccepted } from './components/CookieBanner/cookies';
// Restores the saved session (spec §4) before the first render.
import './session/session';

loadAnalyticsIfAccepted();

/** Longest wait for the first screen's chunk before the shell shows its skeleton instead. */
const FIRST_SCREEN_WAIT_MS = 2000;

/**
 * The server's HTML already asks for this route's screen chunk (modulepreload), so it is usually here by now:
 * waiting for it paints the screen itself first, not a skeleton that is thrown away a moment later.
 */
function preloadFirstScreen(): Promise<void> {
  const element = matchRoutes(routes, window.location)?.at(-1)?.route.element;
  const screen = isValidElement(element) ? (element.type as Partial<LazyScreen>) : undefined;
  if (typeof screen?.preload !== 'function') return Promise.resolve();
  return Promise.race([
    // A chunk that fails is left to the screen's own error handling.
    screen.preload().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]);
}

// Declarative routing keeps react-router's data-router code out of the first screen (DESIGN.md §5 budget).
void preloadFirstScreen().then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition React yields to the browser every few milliseconds: the first render is many short
  // tasks, not one long one that a phone's taps would wait behind (Lighthouse's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
});
