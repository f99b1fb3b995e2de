import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { paths } from '@/app/paths';
import { scrollToTop } from '../utils/scroll-to-section';
import { BrandLogo } from './brand-logo';
import { HeaderAccount } from './header-account';
import { SectionLink } from './section-link';

const sectionLinks = [
  { section: 'funciones', label: 'Funciones' },
  { section: 'eventos', label: 'Eventos' },
  { section: 'beneficios', label: 'Beneficios' },
] as const;

const MENU_ID = 'menu-principal-movil';
const DESKTOP_QUERY = '(min-width: 1024px)';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);

  // Escape (focus back on the toggle), a tap outside the header or growing to desktop width close it.
  useEffect(() => {
    if (!menuOpen) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onResize = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    desktop.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      desktop.removeEventListener('change', onResize);
    };
  }, [menuOpen]);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <nav aria-label="Principal" className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center justify-between gap-4">
          <a
            href={paths.home}
            onClick={() => {
              closeMenu();
              scrollToTop();
            }}
            className="rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <BrandLogo />
          </a>

          <ul className="hidden items-center gap-1 lg:flex">
            {sectionLinks.map(({ section, label }) => (
              <li key={section}>
                <SectionLink
                  section={section}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>

          <div className="hidden lg:block">
            <HeaderAccount />
          </div>

          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
          </button>
        </div>

        <div
          id={MENU_ID}
          hidden={!menuOpen}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-slate-200 bg-white px-4 py-4 shadow-lg sm:px-6 lg:hidden"
        >
          <ul className="space-y-1">
            {sectionLinks.map(({ section, label }) => (
              <li key={section}>
                <SectionLink
                  section={section}
                  onNavigate={closeMenu}
                  className="block rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-slate-200 px-3 pt-4">
            <HeaderAccount stacked onAction={closeMenu} />
          </div>
        </div>
      </nav>
    </header>
  );
}
