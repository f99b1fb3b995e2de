import { h } from './dom';

/** A page-sized message: the ticket is unknown, or could not be loaded (then a retry button). */
export function messageScreen(title: string, text: string, retry?: () => void): HTMLElement {
  const button =
    retry &&
    h(
      'button',
      {
        type: 'button',
        class:
          'mt-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
      },
      'Reintentar',
    );
  button?.addEventListener('click', retry!);
  return h(
    'div',
    { class: 'space-y-2 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200' },
    h('h1', { class: 'text-xl font-bold text-slate-900' }, title),
    h('p', { class: 'text-slate-700' }, text),
    button,
  );
}
