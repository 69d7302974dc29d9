/** The admin app's entry: mounts the app into the shell's root (renderer/admin-routes.ts). */
import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app.tsx';

const root = document.getElementById('admin-root');
if (root) createRoot(root).render(<AdminApp />);
