import { DemoModeBadge } from '@/components/demo-mode-badge';
import { SignOutButton } from '@/components/sign-out-button';
import { useAuth } from '@/lib/auth';

export function AdminPage() {
  const { user } = useAuth();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-4 sm:px-6">
        <p className="text-lg font-bold text-brand-800">DrinkFlow</p>
        <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-2">
          <DemoModeBadge />
          <span className="hidden font-medium sm:inline">
            {user?.nombre} {user?.apellido ?? ''}
          </span>
          <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            Administrador
          </span>
          <SignOutButton />
        </div>
      </header>
      <main className="p-6">
        <h1 className="text-2xl font-bold">Panel de Administración</h1>
      </main>
    </div>
  );
}
