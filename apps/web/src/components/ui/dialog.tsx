import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from './button';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button, a click on the backdrop or a native close. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Footer row (buttons), right-aligned on wide screens and stacked on narrow ones. */
  footer?: ReactNode;
  /** While false (e.g. a request is in flight) Escape, the backdrop and the close button do nothing. */
  dismissible?: boolean;
  /** 'bottom': a sheet along the bottom edge at full width (phone filter panels); centred by default. */
  placement?: 'center' | 'bottom';
  className?: string;
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The elements Tab stops at inside `root`, in order (visible, enabled, not taken out with tabindex=-1). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
  );
}

/** Wraps Tab from the last control to the first (Shift+Tab the other way), so focus stays in a modal `root`. */
export function keepTabInside(e: KeyboardEvent, root: HTMLElement): void {
  const stops = tabbables(root);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (e.key !== 'Tab' || !first || !last) return;
  const at = document.activeElement;
  const outside = !root.contains(at);
  if (e.shiftKey && (at === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The one modal dialog: a native <dialog> opened with showModal(), so the browser makes the page
 * behind it inert and closes it on Escape; Tab and Shift+Tab wrap around inside it (the browser
 * alone would let focus leave for its own toolbar). Focus starts on the element marked
 * `data-autofocus` (React's autoFocus fires before the dialog is shown), else the first control, and
 * returns to the opener on close. The title labels it. Content is mounted only while open, so every
 * opening starts from a clean state.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  placement = 'center',
  className,
}: DialogProps) {
  const sheet = placement === 'bottom';
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const openRef = useRef(open);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
    openRef.current = open;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // jsdom and very old browsers lack showModal(); the open attribute still shows the content.
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
      el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return () => {
        if (el.open) {
          if (typeof el.close === 'function') el.close();
          else el.removeAttribute('open');
        }
        // Focus returns to whatever opened the dialog.
        if (opener?.isConnected) opener.focus();
      };
    }
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Escape fires "cancel": keep the element open and let the owner decide through onClose.
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (dismissibleRef.current) onCloseRef.current();
    };
    // A close the owner did not ask for (the browser may force one) still reaches the owner.
    const onNativeClose = () => {
      if (openRef.current) onCloseRef.current();
    };
    el.addEventListener('cancel', onCancel);
    el.addEventListener('close', onNativeClose);
    return () => {
      el.removeEventListener('cancel', onCancel);
      el.removeEventListener('close', onNativeClose);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      onKeyDown={(e) => {
        if (e.key === 'Tab' && ref.current) {
          keepTabInside(e, ref.current);
          return;
        }
        // Without native showModal the Escape key is handled here.
        if (e.key === 'Escape' && typeof ref.current?.showModal !== 'function') {
          e.preventDefault();
          if (dismissible) onClose();
        }
      }}
      onMouseDown={(e) => {
        // A press on the ::backdrop targets the dialog element itself (content sits in the inner div).
        if (e.target === ref.current && dismissible) onClose();
      }}
      className={cn(
        'overflow-visible bg-transparent p-0 text-slate-100 backdrop:bg-black/70 backdrop:backdrop-blur-sm',
        sheet ? 'mx-0 mb-0 mt-auto max-h-none w-full max-w-none' : 'm-auto w-[calc(100%-2rem)] max-w-lg',
        className,
      )}
    >
      {open && (
        <div
          className={cn(
            'flex flex-col border border-slate-800 bg-slate-900 shadow-2xl shadow-black/60',
            sheet ? 'max-h-[85dvh] rounded-t-2xl border-b-0 pb-[env(safe-area-inset-bottom)]' : 'max-h-[calc(100dvh-2rem)] rounded-2xl',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-800 px-5 py-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-slate-100">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-slate-400">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={!dismissible}
              aria-label="Close dialog"
              className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-800 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-400 disabled:opacity-50"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-800 px-5 py-4 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </div>
      )}
    </dialog>
  );
}

export interface FormDialogProps extends Omit<DialogProps, 'footer' | 'dismissible'> {
  /** The id of the form inside, which the footer's submit button submits. */
  formId: string;
  submitLabel: ReactNode;
  submitVariant?: ButtonProps['variant'];
  /** The form's request is in flight: the submit button spins, and Cancel and every dismissal wait. */
  pending: boolean;
  /** The form cannot go through as it stands (it says why): the submit button is disabled. */
  submitDisabled?: boolean;
}

/** A dialog around one form, with Cancel and the form's submit button in the footer. */
export function FormDialog({ formId, submitLabel, submitVariant, pending, submitDisabled = false, ...dialog }: FormDialogProps) {
  return (
    <Dialog
      {...dialog}
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={dialog.onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    />
  );
}
