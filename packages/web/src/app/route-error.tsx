import { RefreshCw } from 'lucide-react';
import { useRouteError } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { isChunkLoadError, reloadForNewDeploy } from '@/lib/chunk-reload';

/**
 * What a page that failed to load or render shows. A missing code chunk means a new version was
 * deployed while this tab was open: the page reloads itself once and the person carries on.
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForNewDeploy())
    return <PageSpinner label="Actualizando DrinkFlow..." />;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900">No se pudo cargar la página</h1>
        <p className="mt-3 text-slate-600">
          Puede que haya una versión nueva de DrinkFlow o que se haya cortado la conexión. Vuelve a cargar la
          página para continuar.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          Volver a cargar
        </Button>
      </div>
    </main>
  );
}
