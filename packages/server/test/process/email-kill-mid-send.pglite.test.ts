import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { killMidSendThenRestart } from './email-kill-mid-send';
import { killAll } from './server-process';

afterAll(killAll);

describe('an email whose server process is killed mid-send, on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinkflow-email-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is sent again by the next process under the same Message-ID, then recorded as sent', async () => {
    await killMidSendThenRestart({
      env: { DATA_DIR: dataDir },
      open: () => openPglite({ dataDir: join(dataDir, 'pglite') }),
    });
  }, 120_000);
});
