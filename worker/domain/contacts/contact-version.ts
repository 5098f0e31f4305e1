import { AppError } from '../errors';

/**
 * The refusal of an edit made on a contact that changed since (ADR 045): its `updated_at` is
 * the version the edit named. The answer carries the current version, so the sender can show
 * both values and, once the user chose, send the edit again naming it.
 */
export const changedMeanwhile = (currentVersion: string) =>
  new AppError('conflict', 'This contact changed since the edit was made; nothing was saved.', {
    reason: 'changed_meanwhile',
    updated_at: currentVersion,
  });
