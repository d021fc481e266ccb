import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Spinner, useModal } from '@portal/ui';
import { useErrorStrings } from '@portal/ui/kit';
import { cameraErrorName, preflightCameraError } from './cameraErrors';
import { classifyScan, type ScanResult } from './scanResult';
import './QrScanner.css';

/** The part of html5-qrcode this component drives (the library is loaded only when it opens). */
interface Scanner {
  start(
    camera: MediaTrackConstraints,
    config: { fps: number; qrbox: (w: number, h: number) => { width: number; height: number } },
    onDecoded: (text: string) => void,
    onNoCode: () => void,
  ): Promise<unknown>;
  stop(): Promise<void>;
  clear(): void;
}

/** A square frame of 70 % of the shorter side: big enough for a phone held at arm's length. */
const qrbox = (w: number, h: number) => {
  const side = Math.max(120, Math.floor(Math.min(w, h) * 0.7));
  return { width: side, height: side };
};

/**
 * Full-screen camera modal of the navbar group menu (spec section 2). html5-qrcode bundles zxing
 * (~108 KB gz), so it is imported here, on open, never in the menu's initial bundle. A decoded
 * result is shown as a link; a camera failure closes the scanner and opens the spec's info modal.
 */
export function QrScanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['groupMenuTools', 'groupMenu'], { nsMode: 'fallback' });
  const modal = useModal();
  // The camera messages are `errors:camera.*`, loading from the scanner's opening.
  const { afterLoad } = useErrorStrings();
  const titleId = useId();
  const descriptionId = useId();
  // html5-qrcode finds its element by id; React ids contain colons, which it also uses in selectors.
  const regionId = `pgrp-qr-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [result, setResult] = useState<ScanResult | null>(null);
  const [starting, setStarting] = useState(true);

  useEffect(() => {
    if (result) return;
    let cancelled = false;
    let scanner: Scanner | null = null;
    let running = false;

    const fail = (err: unknown) => {
      if (cancelled) return;
      const name = cameraErrorName(err);
      onClose();
      afterLoad(() =>
        modal.info({ message: name ? t([`errors:camera.${name}`, 'scanner.unknown_error']) : t('scanner.unknown_error'), closeSeconds: 0 }),
      );
    };

    void (async () => {
      const early = preflightCameraError();
      if (early) return fail({ name: early });
      try {
        const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
        if (cancelled) return;
        const instance: Scanner = new Html5Qrcode(regionId, {
          verbose: false,
          formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        });
        scanner = instance;
        await instance.start(
          { facingMode: 'environment' },
          { fps: 10, qrbox },
          (text) => {
            if (!cancelled) setResult(classifyScan(text, window.location.origin));
          },
          () => {
            // Called for every frame without a code: nothing to report.
          },
        );
        running = true;
        if (cancelled) await stopScanner(instance);
        else setStarting(false);
      } catch (err) {
        fail(err);
      }
    })();

    return () => {
      cancelled = true;
      // A start still in flight stops itself once it resolves (see above).
      if (scanner && running) void stopScanner(scanner);
    };
    // onClose and modal are stable for the life of the dialog; t changes only with the language.
  }, [result, regionId]);

  return (
    <Dialog titleId={titleId} descriptionId={descriptionId} onDismiss={onClose} className="pgrp-scanner">
      <h2 id={titleId} className="pui-modal__title">
        {t('scanner.title')}
      </h2>
      <div id={descriptionId} className="pgrp-scanner__body">
        {result ? (
          <ScanResultView result={result} onFollow={onClose} />
        ) : (
          <>
            <p className="pgrp-scanner__hint">{starting ? t('scanner.starting') : t('scanner.instructions')}</p>
            {starting && <Spinner />}
            <div id={regionId} className="pgrp-scanner__camera" />
          </>
        )}
      </div>
      <div className="pui-modal__actions">
        {result && (
          <Button
            variant="secondary"
            onClick={() => {
              setStarting(true);
              setResult(null);
            }}
          >
            {t('scanner.scan_again')}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {t('scanner.close')}
        </Button>
      </div>
    </Dialog>
  );
}

async function stopScanner(scanner: Scanner) {
  try {
    await scanner.stop();
    scanner.clear();
  } catch {
    // Already stopped (the camera was unplugged or the page is closing): nothing left to release.
  }
}

function ScanResultView({ result, onFollow }: { result: ScanResult; onFollow: () => void }) {
  const { t } = useTranslation(['groupMenuTools', 'groupMenu'], { nsMode: 'fallback' });
  return (
    <div className="pgrp-scanner__result" role="status">
      <p className="pgrp-scanner__label">{t('scanner.result_label')}</p>
      {result.kind === 'internal' ? (
        <>
          <Link to={result.path} className="pgrp-scanner__link" onClick={onFollow}>
            {result.text}
          </Link>
          <p className="pgrp-scanner__hint">{t('scanner.open_hint')}</p>
        </>
      ) : (
        <>
          <p className="pgrp-scanner__text">{result.text}</p>
          <p className="pgrp-scanner__hint">{result.kind === 'external' ? t('scanner.external_note') : t('scanner.not_link')}</p>
        </>
      )}
    </div>
  );
}
