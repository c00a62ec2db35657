import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { AlertHost } from './components/dialogs/AlertHost';
import { queryClient } from './lib/api/queryClient';
import { AuthProvider } from './lib/auth/AuthProvider';
import { router } from './routes';
import './styles.css';

/** Spec: toasts show for 1.5 s. */
const toastMs = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <AlertHost />
      </AuthProvider>
      <Toaster position="top-right" richColors closeButton duration={toastMs} />
    </QueryClientProvider>
  </StrictMode>,
);
