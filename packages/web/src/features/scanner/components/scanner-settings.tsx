import { Vibrate, VibrateOff, Volume2, VolumeX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { ScannerSettings as Settings } from '../hooks/use-scanner-settings';

/**
 * Sound and vibration after each scan, remembered on the device. The device's bar is at the top
 * of the scanner (CurrentBar).
 */
export function ScannerSettings({ settings }: { settings: Settings }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap gap-2 pt-4 sm:pt-6">
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
      </CardContent>
    </Card>
  );
}
