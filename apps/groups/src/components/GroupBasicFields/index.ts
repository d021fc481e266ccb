export { GroupBasicFields } from './GroupBasicFields';
