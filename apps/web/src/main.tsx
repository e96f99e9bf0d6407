import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import '@fontsource-variable/figtree';
import './styles/tokens.css';
import './styles/global.css';
import { queryClient } from './api/queryClient';
import { App } from './app/App';

// Declarative routing keeps react-router's data-router code out of the first screen (DESIGN.md §5 budget).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
