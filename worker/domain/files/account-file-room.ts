import type { Settings } from '../../env';
import type { UserStore } from '../../db/stores';
import { AppError } from '../errors';
import { accountFileUsage } from './contact-file-queries';
import { byteSizeLabel } from './file-limits';

/** What an account may keep in files in all (FILES_PER_ACCOUNT, FILES_BYTES_PER_ACCOUNT; ADR 079). */
export type AccountFileCaps = Pick<Settings, 'FILES_PER_ACCOUNT' | 'FILES_BYTES_PER_ACCOUNT'>;

/** The account's files so far, counted as new ones are kept (an import keeps several in one run). */
export interface FileRoom {
  files: number;
  bytes: number;
}

export async function fileRoomOf(store: UserStore): Promise<FileRoom> {
  const usage = await accountFileUsage(store.db, store.userId);
  return { files: usage?.files ?? 0, bytes: Number(usage?.bytes ?? 0) };
}

/** Why one more file of `byteSize` does not fit, as a 409 in the envelope; null when it does. */
export function noRoomFor(room: FileRoom, byteSize: number, caps: AccountFileCaps): AppError | null {
  if (room.files + 1 > caps.FILES_PER_ACCOUNT)
    return new AppError('conflict', `An account may keep at most ${caps.FILES_PER_ACCOUNT} files; delete some first`, {
      max_files: caps.FILES_PER_ACCOUNT,
    });
  if (room.bytes + byteSize > caps.FILES_BYTES_PER_ACCOUNT)
    return new AppError(
      'conflict',
      `Your files take ${byteSizeLabel(room.bytes)} of the ${byteSizeLabel(caps.FILES_BYTES_PER_ACCOUNT)} an account may keep, too little for ${byteSizeLabel(byteSize)} more; delete some first`,
      { max_bytes: caps.FILES_BYTES_PER_ACCOUNT },
    );
  return null;
}

/** Counts a file kept into the room. */
export function takeRoom(room: FileRoom, byteSize: number): void {
  room.files += 1;
  room.bytes += byteSize;
}
