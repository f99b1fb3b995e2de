import { ArrowLeft, Wine } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '@/app/paths';
import { DemoModeTag } from '@/components/demo-mode-tag';
import { PageLink } from '@/components/page-link';
import { Button } from '@/components/ui/button';

interface AuthLayoutProps {
  subtitle: string;
  /** The server runs in demo mode: the demo tag under the subtitle. */
  demo: boolean;
  children: ReactNode;
}

export function AuthLayout({ subtitle, demo, children }: AuthLayoutProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 via-brand-700 to-fuchsia-700 px-4 py-10">
      <div className="w-full max-w-md">
        <Button asChild variant="ghost" className="mb-4 text-white hover:bg-white/10 hover:text-white">
          <PageLink to={paths.home}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Volver al inicio
          </PageLink>
        </Button>
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-8">
          <div className="mb-6 text-center">
            <Wine className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
            <h1 className="mt-2 text-3xl font-bold text-slate-900">DrinkFlow</h1>
            <p className="mt-1 text-slate-600">{subtitle}</p>
            {demo && <DemoModeTag className="mt-3" />}
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
