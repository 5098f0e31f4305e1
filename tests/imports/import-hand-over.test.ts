import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../worker/domain/imports/column-mapping';
import { CHUNK_ROWS, runImport } from '../../worker/domain/imports/run-import';
import { startFileImport } from '../../worker/domain/imports/start-import';
import { capturingEnv, quietDeps } from '../reliability/jobs';
import { deliverJobs } from '../geocoding/support';
import { as, json, signUp, type Session } from '../support/client';
import { userDeps } from '../support/stores';

// A run of an import writes a few chunks and hands the rest to a new run_import message. An
// import whose rows end exactly with a run's last chunk (30 000 rows are 60 chunks) must be done
// in that run: a hand-over would wait in the queue behind the geocoding jobs of its chunks.

const MAPPING: ColumnMapping = { 'First Name': 'first_name', 'Last Name': 'last_name', Email: 'emails' };
// Two chunks a run, and time enough for them on a loaded machine.
const LIMITS = { chunksPerRun: 2, budgetMs: 5 * 60_000 };
const unique = () => Math.random().toString(36).slice(2, 8);

function csvOf(rows: number): Uint8Array {
  const u = unique();
  const lines = ['First Name,Last Name,Email'];
  for (let i = 0; i < rows; i++) lines.push(`Row${i},Person,row${i}-${u}@example.org`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** Stages the file and runs one run of its import, with the queue only recording what it sent. */
async function oneRun(me: Session, rows: number) {
  const { import_id } = await startFileImport(await quietDeps(me), me.user.id, {
    fileName: 'exact.csv',
    bytes: csvOf(rows),
    expect: 'csv',
    mapping: MAPPING,
  });
  const { sent, target } = capturingEnv();
  await runImport(await userDeps(me, target), me.user.id, import_id, LIMITS);
  const handedOver = (sent as { type: string }[]).filter((m) => m.type === 'run_import');
  return { import_id, handedOver };
}

const importOf = async (me: Session, id: string) => (await json(await as(me, `/api/v1/imports/${id}`))).data;

describe("an import's hand-over between runs", () => {
  it(`rows that end with the run's last chunk (2 × ${CHUNK_ROWS}): done in that run, nothing handed over`, async () => {
    const me = await signUp();
    const { import_id, handedOver } = await oneRun(me, 2 * CHUNK_ROWS);
    expect(handedOver).toEqual([]);
    expect(await importOf(me, import_id)).toMatchObject({ status: 'done', processed: 2 * CHUNK_ROWS, created: 2 * CHUNK_ROWS, failed: 0 });
  }, 60_000);

  it('one row more: the run hands it over, and the next run ends the import', async () => {
    const me = await signUp();
    const { import_id, handedOver } = await oneRun(me, 2 * CHUNK_ROWS + 1);
    expect(handedOver).toEqual([{ type: 'run_import', user_id: me.user.id, import_id }]);
    expect(await importOf(me, import_id)).toMatchObject({ status: 'running', processed: 2 * CHUNK_ROWS });

    const next = await deliverJobs(handedOver);
    expect(next.acked).toEqual(next.messageIds);
    expect(await importOf(me, import_id)).toMatchObject({ status: 'done', processed: 2 * CHUNK_ROWS + 1, created: 2 * CHUNK_ROWS + 1 });
  }, 60_000);
});
