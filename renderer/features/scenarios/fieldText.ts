/** Field labels and units: the scenario format's own (model/scenario/fieldText.ts). */
export * from '../../../model/scenario/fieldText';
