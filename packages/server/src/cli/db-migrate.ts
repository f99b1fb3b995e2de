// Applies the committed migrations without starting the server: `npm run db:migrate`.
import { readConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured';

const database = await openConfiguredDatabase(readConfig(), 2);
try {
  await database.exclusive(() => database.migrate());
  console.log(`Migraciones aplicadas (${database.kind}).`);
} finally {
  await database.close();
}
