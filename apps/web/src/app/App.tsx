import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@contesthub/shared';
import { ApiError } from '../lib/api';
import { AuthProvider } from '../lib/auth';
import { AppRoutes } from './router';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { InstallPrompt, OnlineStatus } from './shell/AppEvents';
import { ToastProvider, useToast } from '../components/ui/toast';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network and server errors get two more tries.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

function Shell() {
  const toast = useToast();
  return (
    <ErrorBoundary onError={(err) => toast.error(MESSAGES.toast.applicationErrorTitle, err.message)}>
      <AuthProvider>
        <OnlineStatus />
        <InstallPrompt />
        <AppRoutes />
      </AuthProvider>
    </ErrorBoundary>
  );
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider>
          <Shell />
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
