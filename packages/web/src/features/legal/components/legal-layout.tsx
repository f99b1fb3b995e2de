import { ArrowLeft, Wine } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LEGAL_LAST_UPDATED, legalLinks } from '../utils/legal-links';

interface LegalLayoutProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** Shared frame of the four legal pages: header back to home, the text, footer with the legal links. */
export function LegalLayout({ title, intro, children }: LegalLayoutProps) {
  useDocumentTitle(`${title} | DrinkFlow`);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#contenido-legal"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
      >
        Saltar al contenido
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-700 text-white">
              <Wine className="h-5 w-5" aria-hidden />
            </span>
            DrinkFlow
          </Link>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.home}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Volver al inicio
            </Link>
          </Button>
        </div>
      </header>

      <main id="contenido-legal" tabIndex={-1} className="flex-1 outline-none">
        <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <header className="border-b border-slate-200 pb-8">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Información legal</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-3 text-sm text-slate-600">Última actualización: {LEGAL_LAST_UPDATED}</p>
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">{intro}</div>
          </header>
          <div className="mt-10 space-y-10">{children}</div>
        </article>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          <p className="text-slate-600">
            © {new Date().getFullYear()} DrinkFlow. Todos los derechos reservados.
          </p>
          <nav aria-label="Información legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legalLinks.map(({ to, label }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cn(
                        'rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                        isActive ? 'font-semibold text-brand-800' : 'text-slate-700',
                      )
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
