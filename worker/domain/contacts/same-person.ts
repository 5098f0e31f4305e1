import type { Db } from '../../db/client';
import { namesClearlyDiffer, type PersonName } from '../duplicates/names-differ';
import { ownersOfIdentifiers } from './contact-identifier-queries';
import { SHARED_KINDS, type Identifier } from './identifiers';

/**
 * The contact an incoming person (a new CardDAV card) is, by their identifiers (ADR 013, 031):
 * the holder of one of their emails or handles, whatever the name; else a holder of one of
 * their phones whose name is not clearly another person's (the oldest). A phone whose holders
 * all have other names is a shared line: the person is someone new. Chunked for D1.
 */
export async function samePersonAs(db: Db, userId: string, list: Identifier[], name: PersonName): Promise<string | undefined> {
  const holders: Awaited<ReturnType<typeof ownersOfIdentifiers>> = [];
  for (let i = 0; i < list.length; i += 40) holders.push(...(await ownersOfIdentifiers(db, userId, list.slice(i, i + 40), null)));
  const inOrder = list.flatMap((x) => holders.filter((h) => h.kind === x.kind && h.valueNorm === x.valueNorm));
  const byOneOwner = inOrder.find((h) => !SHARED_KINDS.has(h.kind));
  return (byOneOwner ?? inOrder.find((h) => !namesClearlyDiffer(name, h)))?.contactId;
}
