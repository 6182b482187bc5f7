import { useEffect, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { FieldShell } from '../../../../components/ui/field';
import { COVER_TYPES } from '../../lib/wizard';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** Optional cover image with a preview; the page checks type and size (spec 001 §5 step 1). */
export function CoverImageField({
  file,
  error,
  onPick,
  onClear,
  disabled,
}: {
  file: File | null;
  error?: string;
  onPick: (file: File) => void;
  onClear: () => void;
  disabled?: boolean;
}) {
  const id = 'contest-cover-image';
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <FieldShell id={id} label="Cover image" error={error} hint="Optional. JPG, PNG, GIF or WEBP, up to 5 MB.">
      {file && preview ? (
        <div className="relative overflow-hidden rounded-lg border border-slate-700 bg-slate-950/40">
          <img src={preview} alt="Cover image preview" className="aspect-[16/7] w-full object-cover" />
          <div className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 truncate text-slate-300">
              {file.name} <span className="text-xs text-slate-400">({sizeText(file.size)})</span>
            </span>
            <button
              type="button"
              onClick={onClear}
              disabled={disabled}
              className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-slate-300 hover:bg-slate-800 hover:text-red-300 disabled:opacity-50"
            >
              <X className="h-4 w-4" aria-hidden />
              Remove cover image
            </button>
          </div>
        </div>
      ) : null}
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-slate-700 bg-slate-950/40 px-4 py-5 text-sm text-slate-300 hover:border-emerald-500/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-400"
      >
        <ImagePlus className="h-6 w-6 text-emerald-300" aria-hidden />
        {file ? 'Choose another image' : 'Choose an image'}
        <input
          id={id}
          type="file"
          accept={COVER_TYPES.join(',')}
          className="sr-only"
          disabled={disabled}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) onPick(picked);
            e.target.value = '';
          }}
        />
      </label>
    </FieldShell>
  );
}
