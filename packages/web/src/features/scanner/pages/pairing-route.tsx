import { useParams } from 'react-router';
import { PairingPage } from './pairing-page';

/** The pairing page inside the app's router (dev server, a link followed in the app): the code from the URL. */
export function PairingRoute() {
  const { codigo } = useParams();
  return <PairingPage code={codigo?.trim() ?? ''} />;
}
