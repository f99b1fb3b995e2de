import type { StaffEvent } from '@drinkflow/domain/team';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { devicePairingFor, saveDevicePairing } from '@/features/scanner';
import { useAuth } from '@/lib/auth';
import { pairOwnDevice } from '../api/staff-events';
import { ownDeviceName } from '../utils/device-name';
import { pairedApiKeyFor, rememberPairedApiKey } from '../utils/paired-events';

/**
 * 'Abrir escáner': pairs this browser as the person's own device for the event (once; a pairing
 * it holds is reused), keeps the token where the scanner reads it, and opens the event's scanner.
 * The scanner asks for the bar as it always does.
 */
export function useOpenScanner() {
  const { user } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (evento: StaffEvent) => {
      const known = pairedApiKeyFor(evento.id);
      if (known && devicePairingFor(known)) return known;
      const person = [user?.nombre, user?.apellido].filter(Boolean).join(' ');
      const paired = await pairOwnDevice(evento.id, ownDeviceName(person, navigator.userAgent));
      saveDevicePairing(paired.apiKey, paired);
      rememberPairedApiKey(evento.id, paired.apiKey);
      return paired.apiKey;
    },
    onSuccess: (apiKey) => navigate(paths.scanner(apiKey)),
  });
}
