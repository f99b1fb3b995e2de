import type { User } from '@drinkflow/domain/auth';
import type { RecentDrink } from '@drinkflow/domain/supervision';
import type { Db } from '../../db/client';
import { requireEvent } from '../events';
import type { ScanNotifier } from '../stats-stream';
import { recentDrinks } from './recent-drinks';
import { undoDrink } from './undo-drink';

export interface SupervisionServiceOptions {
  /** Told after an undo commits, so the live statistics refresh as after a scan. */
  notifier: Pick<ScanNotifier, 'scanned'>;
  /** The app's test clock; omitted, the database's time. */
  now?: () => Date;
}

/** A supervisor's view of the event's last drinks and their undo (capability `deshacer`, docs/rules/devices.md). */
export function createSupervisionService(db: Db, { notifier, now }: SupervisionServiceOptions) {
  return {
    async recent(user: User, eventoId: number): Promise<RecentDrink[]> {
      const { evento } = await requireEvent(db, user, eventoId, 'deshacer');
      return recentDrinks(db, now, evento.id);
    },

    async undo(user: User, eventoId: number, consumoId: number): Promise<void> {
      const { evento } = await requireEvent(db, user, eventoId, 'deshacer');
      await undoDrink(db, now, { user, eventoId: evento.id, consumoId });
      notifier.scanned(evento.id);
    },
  };
}

export type SupervisionService = ReturnType<typeof createSupervisionService>;
