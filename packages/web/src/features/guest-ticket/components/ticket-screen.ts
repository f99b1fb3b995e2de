import type { GuestTicketView } from '../utils/guest-ticket-view';
import { h } from './dom';
import { ticketQr } from './ticket-qr';

/** The ticket's screen, built once and updated in place: a refresh moves no focus and no scroll. */
export interface TicketScreen {
  element: HTMLElement;
  update(view: GuestTicketView, offline: string | null): void;
}

const noticeTones = {
  danger: 'rounded-xl border border-red-200 bg-red-50 p-4 text-center font-semibold text-red-800',
  neutral: 'rounded-xl border border-slate-200 bg-slate-100 p-3 text-center font-medium text-slate-800',
} as const;

function detail(label: string) {
  const value = h('dd', { class: 'font-medium text-slate-900' });
  const row = h(
    'div',
    { class: 'flex flex-col' },
    h('dt', { class: 'text-sm text-slate-600' }, label),
    value,
  );
  return { row, value };
}

export function createTicketScreen(): TicketScreen {
  const title = h('h1', { class: 'text-xl leading-tight font-bold text-slate-900' });
  const when = h('span');
  const place = h('span');
  const subtitle = h('p', { class: 'text-sm text-slate-600' }, when, ' · ', place);
  const offline = h('p', {
    role: 'status',
    class: 'rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900',
  });
  const notice = h('p', { role: 'alert' });

  const left = h('strong', { class: 'text-4xl leading-none font-bold text-slate-900' });
  const outOf = h('span', { class: 'text-lg text-slate-700' });
  const today = h('p', {
    'aria-live': 'polite',
    'data-bebidas-hoy': '',
    class: 'mt-2 text-base font-semibold text-slate-800',
  });
  const next = h('p', { class: 'text-base font-semibold text-brand-800' });
  // Where the guest may drink, beside what is left: a ticket refused at another bar says the same.
  const validAt = h('p', { 'data-barras': '', class: 'mt-1 text-base font-semibold text-slate-900' });
  const drinks = h(
    'section',
    { 'aria-labelledby': 'bebidas-titulo', class: 'text-center' },
    h('h2', { id: 'bebidas-titulo', class: 'text-sm font-medium text-slate-600' }, 'Bebidas restantes'),
    h('p', { 'aria-live': 'polite', 'data-bebidas': '', class: 'mt-1' }, left, ' ', outOf),
    today,
    next,
    validAt,
  );

  const qrFrame = h('div', { class: 'guest-qr mx-auto bg-white' });
  const qr = h(
    'figure',
    { class: 'space-y-2' },
    qrFrame,
    h(
      'figcaption',
      { class: 'text-center text-sm text-slate-600' },
      'Muéstralo en la barra con el brillo de la pantalla alto.',
    ),
  );

  const holder = detail('Titular');
  const type = detail('Tipo de ticket');
  const limit = detail('Límite');

  const element = h(
    'div',
    { class: 'space-y-4' },
    h('div', { class: 'space-y-1' }, title, subtitle),
    offline,
    notice,
    h('div', { class: 'space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200' }, drinks, qr),
    h(
      'dl',
      {
        class: 'grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 [overflow-wrap:anywhere]',
      },
      holder.row,
      type.row,
      limit.row,
    ),
  );

  let drawnCode: string | null = null;
  const show = (node: HTMLElement, text: string | null) => {
    node.textContent = text ?? '';
    node.hidden = !text;
  };

  return {
    element,
    update(view, offlineText) {
      document.title = `Mi ticket — ${view.eventName}`;
      title.textContent = view.eventName;
      when.textContent = view.when;
      place.textContent = view.place;
      show(offline, offlineText);
      show(notice, view.notice?.text ?? null);
      if (view.notice) notice.className = noticeTones[view.notice.tone];
      left.textContent = view.drinksLeft.value;
      outOf.textContent = view.drinksLeft.detail;
      show(today, view.today);
      show(next, view.nextDrink);
      show(validAt, view.validAt);
      holder.value.textContent = view.holder;
      type.value.textContent = view.typeName;
      limit.value.textContent = view.limit;
      qr.hidden = !view.qrCode;
      if (view.qrCode !== drawnCode) {
        qrFrame.replaceChildren(...(view.qrCode ? [ticketQr(view.qrCode)] : []));
        drawnCode = view.qrCode;
      }
    },
  };
}
