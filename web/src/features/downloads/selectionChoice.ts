import { DEFAULT_DATASET_CHOICE, datasetFields, type DatasetChoice } from './DatasetOptions';
import { DEFAULT_EXPORT_CHOICE, exportFields, type ExportChoice } from './ExportOptions';

/** The selection download's options: what it leaves out, and how its archive is laid out. */
export interface SelectionChoice extends DatasetChoice {
  layout: ExportChoice;
  metadata: boolean;
}

export const DEFAULT_SELECTION_CHOICE: SelectionChoice = {
  ...DEFAULT_DATASET_CHOICE,
  layout: DEFAULT_EXPORT_CHOICE,
  metadata: false,
};

/** How many options are on (the button shows it). */
export function selectionOptionCount(choice: SelectionChoice): number {
  return (
    (choice.skip ? 1 : 0) +
    choice.quality.length +
    (choice.layout.layout === 'plain' ? 0 : 1) +
    (choice.metadata ? 1 : 0)
  );
}

/** The request fields; without any option on, the request is as it always was. */
export function selectionFields(choice: SelectionChoice) {
  return {
    ...(choice.skip || choice.quality.length > 0 ? datasetFields(choice) : {}),
    ...exportFields(choice.layout),
    ...(choice.metadata ? { metadata: true } : {}),
  };
}
