/** Why the camera did not start, in words for the bar staff. */
export type CameraProblem = 'insecure' | 'unsupported' | 'no-camera' | 'denied' | 'unavailable';

export const cameraMessages: Record<CameraProblem, string> = {
  insecure: 'La cámara solo funciona en una conexión segura (https). Usa el lector o escribe el código.',
  unsupported: 'Este navegador no permite usar la cámara. Usa el lector o escribe el código.',
  'no-camera': 'No se encontró ninguna cámara en este dispositivo.',
  denied:
    'Permiso de cámara denegado. Permite el acceso a la cámara en los ajustes del navegador y vuelve a intentarlo.',
  unavailable:
    'No se pudo activar la cámara. Comprueba que el navegador tenga permiso para usarla y que ninguna otra aplicación la esté usando.',
};

/**
 * qr-scanner answers every failure to open a camera with "Camera not found.", so the cause is
 * found afterwards: whether the device lists any camera, and whether the permission was denied.
 */
export async function diagnoseCameraFailure(
  error: unknown,
  probes: { hasCamera(): Promise<boolean>; permission(): Promise<PermissionState | undefined> },
): Promise<CameraProblem> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if ((await probes.permission().catch(() => undefined)) === 'denied') return 'denied';
  if (!(await probes.hasCamera().catch(() => true))) return 'no-camera';
  return 'unavailable';
}

/** The camera permission's state where the browser tells it (Permissions API), else undefined. */
export async function cameraPermission(): Promise<PermissionState | undefined> {
  if (!navigator.permissions?.query) return undefined;
  const status = await navigator.permissions.query({ name: 'camera' as PermissionName });
  return status.state;
}
