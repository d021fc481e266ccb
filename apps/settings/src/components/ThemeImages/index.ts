export { ThemeImages } from './ThemeImages';
