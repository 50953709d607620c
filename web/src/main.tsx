import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPreloadRecovery } from './lib/preload-recovery';
import { revealApp } from './lib/prerender-reveal';
import { runStorageCleanup } from './lib/storage';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/pages.css';

// A tab left open across a deploy reloads once when a lazy route's chunk is gone (lib/preload-recovery).
installPreloadRecovery();

// Spec section 5: product keys written by older versions are cleared once (cleanup version 2).
runStorageCleanup();

createRoot(document.getElementById('root')!).render(<App />);

// A pre-rendered public page stays until the app has rendered it (RevealApp); never longer than this.
window.setTimeout(revealApp, 5000);
