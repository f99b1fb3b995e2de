import { formatDateTime } from '@drinkflow/domain/dates';

/** An ISO instant as dd/MM/yyyy HH:mm in the app's time zone (Europe/Madrid). */
export const shownDateTime = (iso: string) => formatDateTime(new Date(iso));

/** A calendar day (yyyy-MM-dd) as dd/MM/yyyy; it names no instant, so no time zone applies. */
export const shownDay = (day: string) => {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
};
