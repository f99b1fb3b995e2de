/* What other areas use of the devices: the event page's pairing panel (with its way to the board). */
export { PairingPanel } from './components/pairing-panel';
