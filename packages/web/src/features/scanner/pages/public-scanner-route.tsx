import { useParams } from 'react-router';
import { PublicScannerPage } from './public-scanner-page';

/** The public scanner inside the app's router (dev server, client navigation): the key from the URL. */
export function PublicScannerRoute() {
  const { apiKey } = useParams();
  return <PublicScannerPage apiKey={apiKey} />;
}
