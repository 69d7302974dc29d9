/** The admin app's entry: mounts the app into the shell's root (renderer/admin-routes.ts). */
import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app.tsx';
import { registerImageUploader } from './content/image-picker.tsx';
import { ImageUploadField } from './content/image-upload-field.tsx';

// One upload path for every picture: the content editors' image fields use the products panel's.
registerImageUploader(ImageUploadField);

const root = document.getElementById('admin-root');
if (root) createRoot(root).render(<AdminApp />);
