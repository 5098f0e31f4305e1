import { command, type OnRecord } from '../command';
import { keyed } from '../idempotency/keyed-command';
import { logConversation, logInputSchema } from './log-conversation';
import { addNote, logMeeting, meetingInputSchema, noteInputSchema, notePatchSchema, updateNote } from './notes-and-meetings';

// The timeline's writes, run by the API's routes and the contact page alike. `id` is the
// contact's, except for editing a note, where it is the note's.

export const addNoteCommand = keyed(
  'add-note',
  command(noteInputSchema, ({ deps, user, id }: OnRecord, input) => addNote(deps, user.id, id, input)),
);
export const editNoteCommand = command(notePatchSchema, ({ deps, user, id }: OnRecord, input) => updateNote(deps, user.id, id, input));
export const logMeetingCommand = command(meetingInputSchema, ({ deps, user, id }: OnRecord, input) => logMeeting(deps, user.id, id, input));
export const logConversationCommand = keyed(
  'log',
  command(logInputSchema, ({ deps, user, id }: OnRecord, input) => logConversation(deps, user, id, input)),
);
