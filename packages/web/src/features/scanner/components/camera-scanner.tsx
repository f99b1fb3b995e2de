import { Camera, CameraOff, Flashlight, FlashlightOff, Loader2 } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useQrCamera } from '../hooks/use-qr-camera';

/**
 * 'Activar Cámara' / 'Cerrar Cámara' (next to `heading`), the camera's view, the choice of camera
 * when the device has several and the torch when it has one. A code it reads goes to `onCode` like
 * a typed one.
 */
export function CameraScanner({ heading, onCode }: { heading: ReactNode; onCode(code: string): void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const camera = useQrCamera(videoRef, onCode);
  const off = camera.status === 'off';
  const chosen = camera.cameras.some((option) => option.id === camera.cameraId) ? camera.cameraId : '';

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        {heading}
        <Button
          variant={off ? 'secondary' : 'outline'}
          className="shrink-0 px-3"
          onClick={off ? camera.start : camera.stop}
        >
          {off ? <Camera className="h-5 w-5" aria-hidden /> : <CameraOff className="h-5 w-5" aria-hidden />}
          {off ? 'Activar Cámara' : 'Cerrar Cámara'}
        </Button>
      </div>
      {camera.error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {camera.error}
        </p>
      )}
      {/* The whole frame, as the decoder reads all of it (a code near an edge counts too). */}
      <div className={off ? 'hidden' : 'relative overflow-hidden rounded-lg bg-black'}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Vista de la cámara"
          className="mx-auto aspect-[4/3] max-h-[45vh] w-full object-contain"
        />
        {camera.status === 'starting' && (
          <p
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-black/60 text-white"
          >
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
            Activando cámara...
          </p>
        )}
      </div>
      {!off && (camera.cameras.length > 1 || camera.hasFlash) && (
        <div className="flex flex-wrap items-end gap-3">
          {camera.cameras.length > 1 && (
            <div className="min-w-0 flex-1 space-y-1">
              <Label htmlFor="scanner-camera">Cámara</Label>
              <NativeSelect
                id="scanner-camera"
                value={chosen}
                onChange={(event) => camera.chooseCamera(event.target.value || 'environment')}
              >
                {chosen === '' && <option value="">Cámara trasera</option>}
                {camera.cameras.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {camera.hasFlash && (
            <Button variant="outline" aria-pressed={camera.flashOn} onClick={camera.toggleFlash}>
              {camera.flashOn ? (
                <FlashlightOff className="h-4 w-4" aria-hidden />
              ) : (
                <Flashlight className="h-4 w-4" aria-hidden />
              )}
              Linterna
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
