import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { showToastFromPreviousPage } from './hooks/use-toast';
import './index.css';

// E.g. the welcome raised by login.html just before it loaded the app.
showToastFromPreviousPage();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser answer input in between, instead of one long task on a slow phone (docs/decisions/024).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
