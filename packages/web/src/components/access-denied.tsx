import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

export function AccessDenied({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <ShieldAlert className="mx-auto h-12 w-12 text-red-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Acceso Denegado</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <Button asChild className="mt-6">
          <Link to={paths.home}>Volver al inicio</Link>
        </Button>
      </div>
    </main>
  );
}
