import { z } from 'zod';
import { command, type SignedIn } from '../command';
import { tagSchema } from '../contacts/contact-input';
import { TAG_MAX_LENGTH } from '../contacts/contact-values';
import { deleteTag, renameTag } from './tags';

/** Which tag a write is about, as the API's path and the Tags page's form name it. */
export const tagTarget = z.object({ tag: z.string().min(1).max(TAG_MAX_LENGTH) });

type OnTag = SignedIn & z.output<typeof tagTarget>;

/** Renames a tag on every contact; merges it into a tag of that name if there is one. */
export const renameTagCommand = command(z.object({ name: tagSchema }).strict(), ({ deps, user, tag }: OnTag, { name }) =>
  renameTag(deps.db, user.id, tag, name),
);

/** Removes a tag from every contact. */
export const deleteTagCommand = command(z.object({}).strict(), ({ deps, user, tag }: OnTag) => deleteTag(deps.db, user.id, tag));
