export * from './nats';
export * from './postgres';
