import { Menu, X } from 'lucide-react';
import { Outlet } from 'react-router';
import { AccountHeader } from '@/components/account-header';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useSidebar } from '../hooks/use-sidebar';
import { OrganizerNav } from './organizer-nav';

export function OrganizerLayout() {
  const { open, drawer, toggleRef, closeRef, toggle, close, afterNavigate } = useSidebar();

  return (
    <div className="flex min-h-screen bg-slate-50">
      <SkipLink />
      <aside
        id="organizer-sidebar"
        aria-label="Menú del organizador"
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-64 border-r border-slate-200 bg-white transition-transform lg:static lg:translate-x-0',
          open ? 'translate-x-0' : 'invisible -translate-x-full lg:hidden',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <span className="text-lg font-bold text-brand-800">DrinkFlow</span>
          {/* Native buttons here: the focus is moved to them. */}
          <button
            ref={closeRef}
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
            aria-label="Cerrar menú"
            onClick={close}
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <OrganizerNav onNavigate={afterNavigate} />
      </aside>
      {drawer && <div className="fixed inset-0 z-30 bg-black/40" aria-hidden onClick={close} />}
      <div className="flex min-w-0 flex-1 flex-col" inert={drawer}>
        <AccountHeader
          area="organizer"
          // The brand stays in sight: in the header whenever the column beside the page is hidden.
          brandClassName={open ? 'lg:hidden' : undefined}
          leading={
            <button
              ref={toggleRef}
              type="button"
              className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'shrink-0' })}
              aria-label={open ? 'Ocultar menú' : 'Mostrar menú'}
              aria-expanded={open}
              aria-controls="organizer-sidebar"
              onClick={toggle}
            >
              <Menu className="h-5 w-5" aria-hidden />
            </button>
          }
        />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
