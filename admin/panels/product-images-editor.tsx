/**
 * A product's pictures in the editor: upload (checked for size and type
 * before it is sent, with the spec's messages, and by the server again),
 * order (the first is the main picture), alt text and focal point, the
 * point crops keep: click the picture, or type it in the two fields.
 */
import { useId, useState } from 'react';
import { formatFileSize } from '../../shared/file-size.ts';
import type { OwnerImage } from '../../shared/product-input.ts';
import { checkBeforeUpload, UPLOAD_RULES } from '../../shared/upload-rules.ts';
import { ownerUpload } from '../owner-api.ts';

interface Props {
  images: readonly OwnerImage[];
  onChange(images: OwnerImage[]): void;
  problems: Record<string, string>;
  disabled: boolean;
}

const percent = (fraction: number) => Math.round(fraction * 100);

export function ProductImagesEditor({ images, onChange, problems, disabled }: Props) {
  const id = useId();
  const [uploading, setUploading] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const upload = async (files: FileList | null) => {
    let added = [...images];
    for (const file of files ? [...files] : []) {
      const refused = checkBeforeUpload('image', file);
      if (refused) {
        setMessage({ kind: 'error', text: refused });
        continue;
      }
      setUploading(file.name);
      setMessage(null);
      try {
        const { image } = await ownerUpload<{ image: OwnerImage }>('/api/owner/media/images', file);
        added = [...added, image];
        onChange(added);
        setMessage({ kind: 'ok', text: `${file.name} is uploaded. Describe it in its alt text.` });
      } catch (error) {
        setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
      } finally {
        setUploading(null);
      }
    }
  };

  const update = (index: number, change: Partial<OwnerImage>) =>
    onChange(images.map((image, at) => (at === index ? { ...image, ...change } : image)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };

  return (
    <fieldset className="product-images">
      <legend>Pictures</legend>
      {images.length === 0 ? <p>No pictures yet. The first one you add is the product's main picture.</p> : null}
      <ol className="product-images__list">
        {images.map((image, index) => {
          const label = `Picture ${index + 1}`;
          const problem = problems[`imageIds.${index}`];
          return (
            <li key={image.id} className="product-images__item">
              <div className="focal-picker">
                <button
                  type="button"
                  className="focal-picker__surface"
                  disabled={disabled}
                  aria-label={`${label}: click where the subject is to set the focal point`}
                  onClick={(event) => {
                    const box = event.currentTarget.getBoundingClientRect();
                    // A keyboard press reports no position; the fields below are the keyboard's way.
                    if (event.detail === 0 || box.width === 0 || box.height === 0) return;
                    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
                    const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
                    update(index, { focalPoint: { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 } });
                  }}
                >
                  <img
                    src={`${image.assetUrl}?format=300w`}
                    alt={image.altText}
                    width={image.width}
                    height={image.height}
                  />
                  <span
                    className="focal-picker__mark"
                    aria-hidden="true"
                    style={{ left: `${percent(image.focalPoint.x)}%`, top: `${percent(image.focalPoint.y)}%` }}
                  />
                </button>
              </div>
              <div className="product-images__details">
                <p className="product-images__name">
                  {label}
                  {index === 0 ? ' (main picture)' : ''}: {image.filename}
                </p>
                <div className="field">
                  <label htmlFor={`${id}-alt-${index}`}>Alt text of {label.toLowerCase()}</label>
                  <input
                    id={`${id}-alt-${index}`}
                    name={`images.${index}.altText`}
                    value={image.altText}
                    maxLength={250}
                    disabled={disabled}
                    onChange={(event) => update(index, { altText: event.target.value })}
                  />
                </div>
                <div className="focal-fields">
                  <div className="field">
                    <label htmlFor={`${id}-fx-${index}`}>Focal point from the left (%)</label>
                    <input
                      id={`${id}-fx-${index}`}
                      type="number"
                      min={0}
                      max={100}
                      value={percent(image.focalPoint.x)}
                      disabled={disabled}
                      onChange={(event) =>
                        update(index, { focalPoint: { ...image.focalPoint, x: clampPercent(event.target.value) } })
                      }
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-fy-${index}`}>Focal point from the top (%)</label>
                    <input
                      id={`${id}-fy-${index}`}
                      type="number"
                      min={0}
                      max={100}
                      value={percent(image.focalPoint.y)}
                      disabled={disabled}
                      onChange={(event) =>
                        update(index, { focalPoint: { ...image.focalPoint, y: clampPercent(event.target.value) } })
                      }
                    />
                  </div>
                </div>
                {problem ? <p className="field__problem">{problem}</p> : null}
                {disabled ? null : (
                  <div className="row-actions">
                    <button type="button" className="button" disabled={index === 0} onClick={() => move(index, -1)}>
                      Move up<span className="visually-hidden"> {label.toLowerCase()}</span>
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={index === images.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Move down<span className="visually-hidden"> {label.toLowerCase()}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() => onChange(images.filter((_, at) => at !== index))}
                    >
                      Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
                    </button>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {disabled ? null : (
        <div className="field">
          <label htmlFor={`${id}-upload`}>Add pictures</label>
          <p className="field__hint" id={`${id}-upload-hint`}>
            JPEG, PNG, WebP or GIF, up to {formatFileSize(UPLOAD_RULES.image.maxBytes)} each.
          </p>
          <input
            id={`${id}-upload`}
            type="file"
            accept={UPLOAD_RULES.image.accept}
            multiple
            aria-describedby={`${id}-upload-hint`}
            disabled={uploading !== null}
            onChange={(event) => {
              const input = event.currentTarget;
              void upload(input.files).then(() => {
                input.value = '';
              });
            }}
          />
        </div>
      )}
      <p
        className={`status ${message ? `status--${message.kind}` : ''}`}
        role={message?.kind === 'error' ? 'alert' : 'status'}
      >
        {uploading ? `Uploading ${uploading}…` : (message?.text ?? '')}
      </p>
    </fieldset>
  );
}

function clampPercent(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) return 0.5;
  return Math.min(100, Math.max(0, Math.round(value))) / 100;
}
