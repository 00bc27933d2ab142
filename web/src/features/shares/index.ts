export { ShareDialog, type ShareSubject } from './ShareDialog';
