export * from './msg-codes.ts';
export * from './errors.ts';
export * from './password.ts';
export * from './format.ts';
export * from './tiers.ts';
export * from './paths.ts';
export * from './constants.ts';
export * from './user.ts';
