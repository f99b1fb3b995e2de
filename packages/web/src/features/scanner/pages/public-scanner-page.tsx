import { ScannerPanel } from '../components/scanner-panel';
import { DeviceBlocked } from '../components/device-blocked';
import { ScannerProblem, ScannerShell, ScannerTitle } from '../components/scanner-shell';
import { useDeviceAccess } from '../device/device-access';
import { useScannerEvent } from '../hooks/use-scanner-event';

/**
 * /scanner/{apiKey}: the bar staff's scanner, without an account (docs/rules/screens.md). Its own Vite entry
 * (scanner-main.tsx) renders it with no router; the app's router renders it too, for `npm run dev`.
 */
export function PublicScannerPage({ apiKey }: { apiKey: string | undefined }) {
  const key = apiKey?.trim();
  if (!key) {
    return (
      <ScannerProblem
        title="URL Inválida"
        message="API Key inválida: el enlace no incluye la clave del evento. Verifica que tengas el enlace correcto del escáner."
      />
    );
  }
  return <EventScanner key={key} apiKey={key} />;
}

function EventScanner({ apiKey }: { apiKey: string }) {
  const { state, retry } = useScannerEvent(apiKey);
  // The event's own call may be the one the server refuses (docs/rules/devices.md).
  const access = useDeviceAccess(apiKey);
  if (access !== 'allowed') {
    return (
      <ScannerShell>
        <ScannerTitle />
        <DeviceBlocked apiKey={apiKey} access={access} />
      </ScannerShell>
    );
  }
  if (state.status === 'invalid') return <ScannerProblem title="API Key inválida" message={state.message} />;
  if (state.status === 'error') {
    return <ScannerProblem title="No se pudo cargar el evento" message={state.message} onRetry={retry} />;
  }
  return (
    <ScannerShell>
      <ScannerTitle />
      {state.status === 'loading' ? (
        <p role="status" className="py-12 text-center text-slate-200">
          Cargando evento...
        </p>
      ) : (
        <ScannerPanel apiKey={apiKey} event={state.event} />
      )}
    </ScannerShell>
  );
}
