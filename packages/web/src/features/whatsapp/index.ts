/*
 * What other areas use of the WhatsApp sending: the link to an event's sending list, and the mark
 * that records a send (an order's own 'Enviar por WhatsApp' records it as the list does).
 */
export { useMarkWhatsappSent } from './api/mark-whatsapp-sent';
export { WhatsappSendingLink } from './components/whatsapp-sending-link';
