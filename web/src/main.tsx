import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './app/routes.tsx';
import { createServices, ServicesProvider } from './app/services.tsx';
import { prefetchAtBoot } from './pages/us/boot-prefetch.ts';
import { ToastProvider } from './ui/toasts.tsx';
import './app/app.css';

const services = createServices();
// a page whose first calls need nothing from its code starts them now, beside its chunks
prefetchAtBoot(services, window.location);
const router = createBrowserRouter(routes);

// A public page arrives as HTML with its content: render once its chunk is loaded, so the first
// client render is that same page (hydration needs it) instead of a loading screen.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

const app = (
  <StrictMode>
    <ServicesProvider services={services}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesProvider>
  </StrictMode>
);

// A public page's HTML came from the build (scripts/prerender.js): React takes over that DOM as it
// is (no second paint, no layout shift); any other page starts from the empty #root.
const root = document.getElementById('root')!;
if (root.firstElementChild) {
  hydrateRoot(root, app, {
    // a mismatch is a bug (the build's HTML and the first client render must agree): say so
    // where the browser tests look, then React renders the page on the client as usual
    onRecoverableError: (error) => console.error(`hydration: ${error instanceof Error ? error.message : String(error)}`),
  });
} else {
  createRoot(root).render(app);
}
