export * from './chromium';
export * from './factories';
export * from './infra';
export * from './ports';
export * from './raw-socket';
export * from './s3';
export * from './tokens';
export * from './wait';
