import { Icon } from '#client/components/ui/icon.tsx';
import imagePlusIcon from 'lucide-react/icons/image-plus';
import trash2Icon from 'lucide-react/icons/trash';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { labelClass } from './form-kit.tsx';

export interface ImageChoice {
  /** Changes when the chosen file is dropped, so the file box starts empty again. */
  inputKey: number;
  file: File | null;
  /** The preview of a new file, else the image the bicycle has. */
  shownImage: string | null;
  keptUrl: string | null;
  error: string | undefined;
  setError: (message: string | undefined) => void;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  remove: () => void;
}

/** The image part of the form: a new file with its preview, the current image kept, or none. */
export function useImageChoice(initialUrl: string | null): ImageChoice {
  const [inputKey, setInputKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [keptUrl, setKeptUrl] = useState<string | null>(initialUrl);
  const [error, setError] = useState<string | undefined>(undefined);
  // The bicycle's image changed elsewhere (its gallery): a kept image follows it.
  const [seenUrl, setSeenUrl] = useState(initialUrl);
  if (seenUrl !== initialUrl) {
    setSeenUrl(initialUrl);
    if (keptUrl === seenUrl) setKeptUrl(initialUrl);
  }

  // The object URL of the preview lives until it is replaced or the form goes away.
  const liveUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (liveUrl.current) URL.revokeObjectURL(liveUrl.current);
      liveUrl.current = null;
    },
    [],
  );
  function showPreview(next: File | null) {
    if (liveUrl.current) URL.revokeObjectURL(liveUrl.current);
    liveUrl.current = next ? URL.createObjectURL(next) : null;
    setPreviewUrl(liveUrl.current);
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !chosen.type.startsWith('image/')) {
      setError('Choose an image file');
      event.target.value = '';
      return;
    }
    setError(undefined);
    setFile(chosen);
    showPreview(chosen);
  }

  function remove() {
    setFile(null);
    showPreview(null);
    setKeptUrl(null);
    setError(undefined);
    setInputKey((key) => key + 1);
  }

  return {
    inputKey,
    file,
    shownImage: previewUrl ?? keptUrl,
    keptUrl,
    error,
    setError,
    onFileChange,
    remove,
  };
}

export function ImageField({ image }: { image: ImageChoice }) {
  return (
    <div>
      <label htmlFor="image" className={labelClass}>
        Upload Image
      </label>
      <div className="mt-1 flex flex-col gap-4 sm:flex-row sm:items-start">
        {image.shownImage ? (
          <div className="relative w-full shrink-0 sm:w-48">
            <img
              src={image.shownImage}
              alt="Bicycle preview"
              width={192}
              height={144}
              className="h-36 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain sm:w-48"
            />
            <button
              type="button"
              onClick={image.remove}
              aria-label="Remove image"
              className="absolute top-2 right-2 rounded-full bg-white/90 p-1.5 text-red-600 shadow hover:bg-white"
            >
              <Icon node={trash2Icon} className="h-4 w-4" />
            </button>
          </div>
        ) : (
          <div
            aria-hidden="true"
            className="flex h-36 w-full shrink-0 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 text-slate-400 sm:w-48"
          >
            <Icon node={imagePlusIcon} className="h-8 w-8" />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <input
            id="image"
            key={image.inputKey}
            type="file"
            accept="image/*"
            onChange={image.onFileChange}
            aria-invalid={image.error ? true : undefined}
            aria-describedby={image.error ? 'image-error' : 'image-hint'}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-emerald-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-emerald-700 hover:file:bg-emerald-100"
          />
          <p id="image-hint" className="mt-2 text-xs text-slate-500">
            JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
          </p>
          <FieldError id="image-error" message={image.error} />
        </div>
      </div>
    </div>
  );
}
