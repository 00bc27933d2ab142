export { useReturnFocus } from './useReturnFocus';
