import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

/**
 * The one English screen (docs/rules/screens.md: UI in Spanish except the 404 page). On its own it is the whole
 * document, so the document language switches to English while it is shown. Under /organizer/* the
 * router renders it inside the Spanish organizer shell, which already has the <main> landmark: then
 * only this block is marked English.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const embedded = pathname.startsWith(`${paths.organizer.root}/`);

  useEffect(() => {
    const previousTitle = document.title;
    document.title = 'Page Not Found | DrinkFlow';
    if (embedded) {
      return () => {
        document.title = previousTitle;
      };
    }
    const root = document.documentElement;
    root.lang = 'en';
    return () => {
      root.lang = 'es';
      document.title = previousTitle;
    };
  }, [embedded]);

  const content = (
    <div className="mx-auto max-w-md text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error</p>
      <h1 id="not-found-title" className="mt-2 text-7xl font-bold tracking-tight text-slate-900 sm:text-8xl">
        404
      </h1>
      <p className="mt-4 text-2xl font-semibold text-slate-900">Page not found</p>
      <p className="mt-3 text-slate-600">
        Sorry, the page you are looking for doesn&apos;t exist or has been moved.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Return to Home
        </Link>
      </Button>
    </div>
  );

  if (embedded) {
    return (
      <section lang="en" aria-labelledby="not-found-title" className="py-16">
        {content}
      </section>
    );
  }
  return (
    <main lang="en" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      {content}
    </main>
  );
}
