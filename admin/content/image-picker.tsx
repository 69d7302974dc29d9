/**
 * Choosing one of the site's pictures (the images table, through the
 * content library): a group of radio buttons, each showing the picture and
 * named by its alt text. Uploading is the products panel's (issue 22): an
 * uploader registered with registerImageUploader is shown under the
 * pictures and its new picture chosen, so there is one upload path.
 */
import { type ReactNode, useId, useState } from 'react';
import type { LibraryImage } from './content-api.ts';

/** What an uploader gets: call onUploaded with the stored picture, which is then chosen. */
export interface ImageUploaderProps {
  onUploaded(image: LibraryImage): void;
}

let uploader: ((props: ImageUploaderProps) => ReactNode) | undefined;

/** The hook for the upload path (issue 22): the component it registers appears in every image field. */
export function registerImageUploader(component: (props: ImageUploaderProps) => ReactNode): void {
  uploader = component;
}

interface Props {
  label: string;
  images: readonly LibraryImage[];
  value: string | null;
  onChange(id: string | null): void;
  /** Offer "No image" (a post's main image is optional; an image block's is not). */
  optional?: boolean;
  problem?: string;
  disabled?: boolean;
  /** A picture just uploaded, to add to the list. */
  onUploaded?(image: LibraryImage): void;
}

export function ImagePicker({ label, images, value, onChange, optional, problem, disabled, onUploaded }: Props) {
  const name = useId();
  const Uploader = uploader;
  // Shown at once, whether or not the caller keeps a library of its own to add it to.
  const [uploaded, setUploaded] = useState<LibraryImage[]>([]);
  const shown = [...uploaded.filter((image) => !images.some((known) => known.id === image.id)), ...images];
  return (
    <fieldset className={`image-picker${problem ? ' field--invalid' : ''}`} disabled={disabled}>
      <legend>{label}</legend>
      <div className="image-picker__grid">
        {optional ? (
          <label className="image-picker__choice">
            <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
            <span className="image-picker__none">No image</span>
          </label>
        ) : null}
        {shown.map((image) => (
          <label key={image.id} className="image-picker__choice">
            <input
              type="radio"
              name={name}
              value={image.id}
              checked={value === image.id}
              onChange={() => onChange(image.id)}
            />
            <img src={image.assetUrl} alt={image.altText || image.title || image.filename} loading="lazy" />
          </label>
        ))}
      </div>
      {Uploader ? (
        <Uploader
          onUploaded={(image) => {
            setUploaded((before) => [image, ...before]);
            onUploaded?.(image);
            onChange(image.id);
          }}
        />
      ) : null}
      {problem ? <p className="field__problem">{problem}</p> : null}
    </fieldset>
  );
}
