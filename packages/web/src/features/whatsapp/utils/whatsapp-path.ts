/** The organizer's WhatsApp sending list of an event (declared in src/app/router.tsx). */
export const whatsappSendingPath = (eventoId: number | string) => `/organizer/evento/${eventoId}/whatsapp`;
