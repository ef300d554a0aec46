import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_UI, type AdminGovernment } from '@civicpulse/shared';
import { fetchPrivateFile } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { Modal } from '../Modal';
import { localized, useLocalized } from '../../i18n';

/**
 * A department's proof document in a dialog. It is fetched with the admin's token (never a public
 * link) and shown from a blob: URL: images inline; a PDF opens in the browser's own viewer in a new
 * tab (the page's CSP allows no plugins or frames), and both can be downloaded.
 */
export function ProofViewer({ government, onClose }: { government: AdminGovernment; onClose: () => void }) {
  const titleId = useId();
  const ui = useLocalized(ADMIN_UI);
  const close = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<{ url: string; type: string } | { error: string } | null>(null);

  useEffect(() => {
    let url = '';
    let cancelled = false;
    fetchPrivateFile(government.proofDocumentUrl!)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, type: blob.type || government.proofDocumentType || '' });
      })
      .catch((error: unknown) => !cancelled && setState({ error: errorMessage(error, localized(ADMIN_UI).proofFailed) }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [government.proofDocumentUrl, government.proofDocumentType]);

  const extension = state && 'type' in state ? (state.type === 'application/pdf' ? 'pdf' : state.type.split('/')[1] ?? 'bin') : 'bin';
  return (
    <Modal labelledBy={titleId} onClose={onClose} initialFocus={close} size="lg">
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
          {ui.proofTitle(government.authorityName)}
        </h2>
        <div className="mt-4 min-h-40" aria-live="polite">
          {state === null && <p className="text-sm text-slate-600">{ui.proofLoading}</p>}
          {state && 'error' in state && <p className="text-sm text-red-800">{state.error}</p>}
          {state && 'url' in state && state.type.startsWith('image/') && (
            <img src={state.url} alt={ui.proofTitle(government.authorityName)} className="mx-auto max-h-[60vh] rounded-lg border border-slate-200 object-contain" />
          )}
          {state && 'url' in state && !state.type.startsWith('image/') && (
            <a className="btn-primary" href={state.url} target="_blank" rel="noopener">
              {ui.openPdf}
            </a>
          )}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {state && 'url' in state && (
            <a className="btn-ghost border border-slate-300 text-center" href={state.url} download={`proof-${government._id}.${extension}`}>
              {ui.download}
            </a>
          )}
          <button ref={close} type="button" className="btn-secondary" onClick={onClose}>
            {ui.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
