import { ArrowLeft, Wine } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '@/app/paths';
import { PageLink } from '@/components/page-link';
import { Button } from '@/components/ui/button';

/** The invitation page's frame: the brand over one white card, as the sign-in pages. */
export function InvitationLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-gradient-to-br from-brand-900 via-brand-700 to-fuchsia-700 px-4 py-6 sm:items-center sm:py-10">
      <div className="w-full max-w-md">
        <Button asChild variant="ghost" className="mb-3 text-white hover:bg-white/10 hover:text-white">
          <PageLink to={paths.home}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Volver al inicio
          </PageLink>
        </Button>
        <div className="rounded-2xl bg-white p-5 shadow-xl sm:p-8">
          <div className="mb-4 flex items-center justify-center gap-2 text-brand-800">
            <Wine className="h-6 w-6" aria-hidden />
            <p className="text-xl font-bold">DrinkFlow</p>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
