/**
 * The content editors' way to add a picture: the products panel's upload
 * (POST /api/owner/media/images, resized into the spec's widths), offered
 * in every image field through registerImageUploader, so a page's image
 * block or a post's main picture need not be uploaded elsewhere first.
 */
import { useId, useState } from 'react';
import type { OwnerImage } from '../../shared/product-input.ts';
import { checkBeforeUpload } from '../../shared/upload-rules.ts';
import { ownerUpload } from '../owner-api.ts';
import type { ImageUploaderProps } from './image-picker.tsx';

export function ImageUploadField({ onUploaded }: ImageUploaderProps) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkBeforeUpload('image', file);
    if (refused) {
      setState({ busy: false, message: refused });
      return;
    }
    setState({ busy: true, message: `Uploading ${file.name}…` });
    try {
      const { image } = await ownerUpload<{ image: OwnerImage }>('/api/owner/media/images', file);
      onUploaded({
        id: image.id,
        assetUrl: image.assetUrl,
        filename: image.filename,
        altText: image.altText,
        title: '',
      });
      setState({ busy: false, message: `${file.name} is uploaded and chosen.` });
    } catch (error) {
      setState({ busy: false, message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="field image-upload">
      <label htmlFor={id}>Upload a picture</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={state.busy}
        onChange={(event) => {
          void upload(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      <p className="field__hint" role="status">
        {state.message}
      </p>
    </div>
  );
}
