export * from './factories';
export * from './infra';
export * from './ports';
export * from './raw-socket';
export * from './tokens';
