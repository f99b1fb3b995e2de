/* What other areas use of the WhatsApp sending: the link to an event's sending list. */
export { WhatsappSendingLink } from './components/whatsapp-sending-link';
