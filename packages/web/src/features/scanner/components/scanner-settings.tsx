import { MapPin, Vibrate, VibrateOff, Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { ScannerSettings as Settings } from '../hooks/use-scanner-settings';
import { BarNameForm } from './bar-name-form';

interface SettingsProps {
  settings: Settings;
  /** The event's bars: the choice for '¿En qué barra estás?' (free text when empty). */
  barras: readonly string[];
  onDone(): void;
}

/**
 * This device's settings: its bar (asked once, then shown and editable), sound and vibration
 * after each scan. All remembered on the device.
 */
export function ScannerSettings({ settings, barras, onDone }: SettingsProps) {
  const [editing, setEditing] = useState(false);
  const { barra } = settings;

  return (
    <Card>
      <CardContent className="space-y-4 pt-4 sm:pt-6">
        {editing ? (
          <BarNameForm
            initial={barra ?? ''}
            barras={barras}
            cancelLabel="Cancelar"
            onCancel={() => {
              setEditing(false);
              onDone();
            }}
            onSave={(name) => {
              settings.setBarra(name);
              setEditing(false);
              onDone();
            }}
          />
        ) : (
          // Never asked yet: BarPrompt asks above.
          barra !== null && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                <MapPin className="h-4 w-4 shrink-0 text-slate-600" aria-hidden />
                <span className="break-words">
                  Barra: <strong>{barra || 'sin indicar'}</strong>
                </span>
              </p>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                {barra ? 'Cambiar barra' : 'Indicar barra'}
              </Button>
            </div>
          )
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-pressed={settings.sound}
            className="aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
            onClick={() => settings.setSound(!settings.sound)}
          >
            {settings.sound ? (
              <Volume2 className="h-4 w-4" aria-hidden />
            ) : (
              <VolumeX className="h-4 w-4" aria-hidden />
            )}
            Sonido
          </Button>
          <Button
            variant="outline"
            aria-pressed={settings.vibration}
            className="aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
            onClick={() => settings.setVibration(!settings.vibration)}
          >
            {settings.vibration ? (
              <Vibrate className="h-4 w-4" aria-hidden />
            ) : (
              <VibrateOff className="h-4 w-4" aria-hidden />
            )}
            Vibración
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The first visit on a device, or its bar is not one of the event's: which bar is this? 'Ahora no' is remembered too. `onDone` runs after
 * either answer, so the code field can take the focus back for the handheld scanner.
 */
export function BarPrompt({ settings, barras, onDone }: SettingsProps) {
  const { barra } = settings;
  // A bar remembered on this device that the event does not have (any more) is asked again.
  const unknown =
    !!barra && barras.length > 0 && !barras.some((name) => name.toLowerCase() === barra.toLowerCase());
  if (barra !== null && !unknown) return null;
  return (
    <Card className="border-brand-500">
      <CardContent className="pt-4 sm:pt-6">
        <BarNameForm
          initial=""
          barras={barras}
          cancelLabel="Ahora no"
          onCancel={() => {
            settings.setBarra('');
            onDone();
          }}
          onSave={(name) => {
            settings.setBarra(name);
            onDone();
          }}
        />
      </CardContent>
    </Card>
  );
}
