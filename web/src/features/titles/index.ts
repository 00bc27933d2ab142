export { ChineseTitle } from './ChineseTitle';
export { useOpenedMatch } from './useOpenedMatch';
