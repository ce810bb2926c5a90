// The remote's own entry: the host only loads remoteEntry.js and the exposed ./TaskList, ./TaskPage, ./Dashboard,
// ./AcceptTask and ./Waiting.
export {};
