export { QrScanner } from './QrScanner';
export { cameraErrorName, preflightCameraError, CAMERA_ERRORS, type CameraErrorName } from './cameraErrors';
export { classifyScan, type ScanResult } from './scanResult';
