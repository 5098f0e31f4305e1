import { command, type SignedIn } from '../command';
import { keepInTouchSettingsInputSchema, updateKeepInTouchSettings } from './keep-in-touch-settings';

/** The default cadence per priority and the weekly digest: PATCH /keep-in-touch and their two cards on Settings. */
export const updateKeepInTouchSettingsCommand = command(keepInTouchSettingsInputSchema, ({ deps, user }: SignedIn, input) =>
  updateKeepInTouchSettings(deps.db, user.id, input),
);
