export * from './spec';
export * from './space';
export * from './constraints';
export * from './search';
export * from './protocol';
