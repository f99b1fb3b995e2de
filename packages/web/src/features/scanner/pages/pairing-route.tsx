import { useNavigate, useParams } from 'react-router';
import { scannerPath } from '../device/complete-pairing';
import { PairingPage } from './pairing-page';

/** The pairing page inside the app's router (dev server, a link followed in the app): the code from the URL. */
export function PairingRoute() {
  const { codigo } = useParams();
  const navigate = useNavigate();
  return (
    <PairingPage
      code={codigo?.trim() ?? ''}
      onPaired={(apiKey) => void navigate(scannerPath(apiKey), { replace: true })}
    />
  );
}
