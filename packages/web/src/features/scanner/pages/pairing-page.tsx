import { Smartphone } from 'lucide-react';
import { PairingForm } from '../components/pairing-form';
import { ScannerShell, ScannerTitle } from '../components/scanner-shell';
import { keepPairing } from '../device/complete-pairing';

interface PairingPageProps {
  /** The code from /emparejar/{codigo}, as it came; '' for /emparejar. */
  code: string;
  /** Opens the paired event's scanner, /scanner/{apiKey}. */
  onPaired(apiKey: string): void;
}

/**
 * /emparejar and /emparejar/{codigo}: a phone becomes an authorized scanner of an event with the
 * code its organizer shows (docs/rules/devices.md). Part of scanner.html, like the scanner it
 * opens once paired.
 */
export function PairingPage({ code, onPaired }: PairingPageProps) {
  return (
    <ScannerShell>
      <ScannerTitle />
      <div className="rounded-xl bg-white p-5 shadow-lg">
        <div className="mb-4 flex items-start gap-3">
          <Smartphone className="mt-1 h-8 w-8 shrink-0 text-brand-700" aria-hidden />
          <div>
            <h2 className="text-xl font-bold text-slate-900">Emparejar este dispositivo</h2>
            <p className="mt-1 text-sm text-slate-700">
              Escribe el código que te muestra el organizador y dale un nombre a este móvil. Después podrás
              escanear los tickets de su evento.
            </p>
          </div>
        </div>
        <PairingForm
          initialCode={code}
          onPaired={(paired) => {
            keepPairing(paired);
            onPaired(paired.apiKey);
          }}
        />
      </div>
    </ScannerShell>
  );
}
