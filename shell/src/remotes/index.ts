export { fetchRemotesDocument, type RemotesDocument, resolveRemotes } from './config';
export { createRemoteLoader, type LoadRemote, registerRemotes } from './loader';
export { RemoteArea, RemoteLoaderContext } from './RemoteArea';
