import { AccountHeader } from '@/components/account-header';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';

export function AdminPage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <AccountHeader area="admin" />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="p-4 outline-none sm:p-6">
        <h1 className="text-2xl font-bold">Panel de Administración</h1>
      </main>
    </div>
  );
}
