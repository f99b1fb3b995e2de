import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// docs/rules/constants.md: one toast at a time; a new one replaces the current one.
const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 1000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(toasts.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

const NEXT_PAGE_KEY = 'drinkflow-toast-for-next-page';

/**
 * A toast for the page about to load whole (e.g. login.html → the app after signing in): kept for
 * this tab until the next page calls showToastFromPreviousPage.
 */
export function toastOnNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(input));
  } catch {
    // No storage (private mode): the toast is lost, the navigation is not.
  }
}

/** Shows, once, the toast the previous page left for this one. */
export function showToastFromPreviousPage(): void {
  let input: Partial<ToastInput> | null = null;
  try {
    const raw = sessionStorage.getItem(NEXT_PAGE_KEY);
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    input = raw ? (JSON.parse(raw) as Partial<ToastInput>) : null;
  } catch {
    return;
  }
  if (typeof input?.title !== 'string') return;
  toast({
    title: input.title,
    description: typeof input.description === 'string' ? input.description : undefined,
    variant: input.variant === 'destructive' ? 'destructive' : 'default',
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
