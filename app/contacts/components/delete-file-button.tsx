import type { ContactFileView } from '../../../worker/domain/files/contact-file-view';
import { Trash2 } from '../../components/icons';

/** The bin of one file, on a photo's corner or at the end of a document's row; it asks before deleting. */
export function DeleteFileButton({
  file,
  className,
  onDelete,
}: {
  file: ContactFileView;
  className: string;
  onDelete: (file: ContactFileView) => void;
}) {
  return (
    <button type="button" className={className} aria-label={`Delete ${file.file_name}`} onClick={() => onDelete(file)}>
      <Trash2 className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
