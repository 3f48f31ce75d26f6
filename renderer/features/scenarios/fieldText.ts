/** Field labels and units: the scenario format's own (model/scenario/fieldText.ts). */
export { fieldText, humanize, unitFromMessage } from '../../../model/scenario/fieldText';
export type { FieldText } from '../../../model/scenario/fieldText';
