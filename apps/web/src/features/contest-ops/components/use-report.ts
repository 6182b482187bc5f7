import { useToast } from '../../../components/ui/toast';

/** Toasts a staff action's outcome: the server's message on success, its refusal otherwise. */
export function useReport() {
  const toast = useToast();
  return {
    done: (message: string | undefined, fallback: string) => toast.success(message ?? fallback),
    failed: (err: unknown, title: string) => toast.error(title, err instanceof Error ? err.message : undefined),
  };
}
