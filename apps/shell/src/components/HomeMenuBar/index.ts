export { HomeMenuBar } from './HomeMenuBar';
