import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { dismissToast, useToasts } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

const TOAST_DURATION_MS = 5000;

/** The bottom edge of a header that stays on screen while scrolling (sticky or fixed), else 0. */
function stuckHeaderBottom(): number {
  for (const header of document.querySelectorAll('header')) {
    const { position } = getComputedStyle(header);
    if (position !== 'sticky' && position !== 'fixed') continue;
    const { top, bottom } = header.getBoundingClientRect();
    if (top <= 1 && bottom > 0) return Math.round(bottom);
  }
  return 0;
}

/**
 * The notification region: 5 s per toast, swipe right (50 px) to close, F8 to focus (docs/rules/constants.md).
 * Toasts appear at the bottom, full width on phones and in a narrow column on the right from
 * 640 px, so the header ('Cerrar Sesión', the admin badge) and the pages' top actions stay free;
 * while a dialog is open they go to the top, below a header that stays on screen, since dialogs keep
 * their buttons at the bottom (docs/decisions/044-toasts-at-the-bottom.md). Only the toast itself
 * takes clicks, never the empty space of the region around it.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewportRef = useRef<HTMLOListElement>(null);
  const showing = toasts.length > 0;
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || !showing) return;
    // At the bottom: the header's 'Cerrar Sesión' and the pages' top actions stay free. With a
    // dialog open, at the top below any stuck header: the dialog's buttons are at its bottom.
    const place = () => {
      const dialogOpen =
        document.querySelector(
          '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
        ) !== null;
      viewport.style.top = dialogOpen ? `${stuckHeaderBottom()}px` : 'auto';
      viewport.style.bottom = dialogOpen ? 'auto' : '0px';
    };
    place();
    // A dialog may open (or close) while a toast shows: Radix mounts it in a portal on <body>.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, [showing, toasts]);

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notificación"
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:transition-transform',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm">{item.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Cerrar notificación"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100 focus:ring-2 focus:outline-none"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewportRef}
        hotkey={['F8']}
        label="Notificaciones ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-0 left-0 z-[100] flex max-h-screen flex-col gap-2 p-3 outline-none sm:left-auto sm:w-[22rem] sm:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
