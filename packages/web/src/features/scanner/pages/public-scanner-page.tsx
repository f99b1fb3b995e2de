import { useParams } from 'react-router';

export function PublicScannerPage() {
  const { apiKey } = useParams();
  if (!apiKey?.trim()) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-900 p-6 text-white">
        <h1 className="text-3xl font-bold">URL Inválida</h1>
      </main>
    );
  }
  return (
    <main className="min-h-screen bg-slate-900 p-6 text-white">
      <h1 className="text-3xl font-bold">Escáner de Tickets</h1>
    </main>
  );
}
