import { FileUp } from '../../components/icons';
import { useId, useState, type DragEvent } from 'react';

/** A drop zone that is also a file picker (keyboard: Tab to it, Enter/Space opens the picker). */
export function FileDrop({
  label,
  hint,
  onFile,
  disabled,
  accept = '.csv,text/csv',
}: {
  label: string;
  hint: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  accept?: string;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
      className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm transition focus-within:ring-2 focus-within:ring-brand-500 ${
        over ? 'border-brand-500 bg-brand-50 dark:bg-slate-800' : 'border-slate-300 hover:border-brand-400 dark:border-slate-700'
      }`}
    >
      <FileUp className="h-6 w-6 text-slate-400" />
      <span className="font-medium">{label}</span>
      <span className="text-xs text-slate-500">{hint}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}
