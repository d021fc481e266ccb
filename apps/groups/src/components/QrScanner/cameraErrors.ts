/**
 * The camera errors the spec names (section 8), each with its own info message under
 * `errors:camera.<name>`. html5-qrcode rejects with a string wrapping the DOMException
 * ("Error getting userMedia, error = NotAllowedError: Permission denied") or with its own
 * "Camera streaming not supported" text, so both shapes are recognised.
 */
export const CAMERA_ERRORS = [
  'NotAllowedError',
  'NotFoundError',
  'NotSupportedError',
  'NotReadableError',
  'OverconstrainedError',
  'StreamApiNotSupportedError',
] as const;
export type CameraErrorName = (typeof CAMERA_ERRORS)[number];

/** Browsers and older specs use other names for the same failures. */
const ALIASES: Record<string, CameraErrorName> = {
  PermissionDeniedError: 'NotAllowedError',
  SecurityError: 'NotAllowedError',
  DevicesNotFoundError: 'NotFoundError',
  TrackStartError: 'NotReadableError',
  ConstraintNotSatisfiedError: 'OverconstrainedError',
};

export function cameraErrorName(err: unknown): CameraErrorName | null {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';
  const text = typeof err === 'string' ? err : err instanceof Error ? `${err.name}: ${err.message}` : '';
  // Whole words only: "NotSupportedError" is inside "StreamApiNotSupportedError".
  const mentioned = (n: string) => new RegExp(`\\b${n}\\b`).test(text);
  for (const candidate of [name, ...CAMERA_ERRORS.filter(mentioned), ...Object.keys(ALIASES).filter(mentioned)]) {
    if ((CAMERA_ERRORS as readonly string[]).includes(candidate)) return candidate as CameraErrorName;
    const alias = ALIASES[candidate];
    if (alias) return alias;
  }
  if (/streaming not supported/i.test(text)) return 'StreamApiNotSupportedError';
  return null;
}

/**
 * What fails before the library is even loaded: no camera API outside a secure context (plain
 * http), or a browser without getUserMedia at all.
 */
export function preflightCameraError(win: Window = window): CameraErrorName | null {
  if (win.isSecureContext === false) return 'NotSupportedError';
  if (typeof win.navigator?.mediaDevices?.getUserMedia !== 'function') return 'StreamApiNotSupportedError';
  return null;
}
