import { useAuth } from '@/lib/auth';
import { SignOutButton } from '@/components/sign-out-button';

export function AdminPage() {
  const { user } = useAuth();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-4">
        <p className="text-lg font-bold text-brand-800">DrinkFlow</p>
        <div className="flex items-center gap-3">
          <span className="font-medium">
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
