import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { MESSAGES } from '@contesthub/shared';

interface Props {
  children: ReactNode;
  onError: (error: Error) => void;
}

/** The error screen: 'Oops! Something went wrong' with Refresh Page, plus the 'Application Error' toast. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
    this.props.onError(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="grid min-h-[70vh] place-items-center px-4">
        <div className="max-w-md text-center">
          <AlertTriangle className="mx-auto h-14 w-14 text-amber-400" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold">{MESSAGES.app.errorScreenTitle}</h1>
          <p className="mt-2 text-slate-400">An unexpected error stopped this page. Refreshing usually fixes it; your data is safe.</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-6 inline-flex items-center gap-2 rounded-lg bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400"
          >
            <RefreshCw className="h-4 w-4" aria-hidden /> {MESSAGES.app.refreshPage}
          </button>
        </div>
      </div>
    );
  }
}
