import { afterAll, describe, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { killMidSendThenRestart } from './email-kill-mid-send';
import { killAll } from './server-process';
import { copyOfTemplate, type CopiedDatabase } from './shared-database';

let copied: CopiedDatabase | undefined;

afterAll(async () => {
  killAll();
  await copied?.drop();
});

describe('an email whose server process is killed mid-send, on PostgreSQL', () => {
  it('is sent again by the next process under the same Message-ID, then recorded as sent', async () => {
    copied = await copyOfTemplate('email_kill');
    const { databaseUrl } = copied;
    await killMidSendThenRestart({
      env: { DATABASE_URL: databaseUrl },
      open: () => openPostgres(databaseUrl, 1),
    });
  }, 120_000);
});
