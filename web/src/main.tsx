import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './app/routes.tsx';
import { createServices, ServicesProvider } from './app/services.tsx';
import { ToastProvider } from './ui/toasts.tsx';
import './app/app.css';

const services = createServices();
const router = createBrowserRouter(routes);

// A public page arrives as HTML with its content: render once its chunk is loaded, so the page
// replaces that HTML in one paint instead of flashing a loading screen.
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServicesProvider services={services}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesProvider>
  </StrictMode>,
);
