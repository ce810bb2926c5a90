// The remote's own entry: the host only loads remoteEntry.js and the exposed ./FolderStrip and ./FolderView.
export {};
